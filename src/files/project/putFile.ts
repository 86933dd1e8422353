import { ApiError, requestFailed } from "../../relay/errors";

/**
 * Spec §7 'An HTTP PUT of the file body goes to uploadUrl with a Content-Type header'. Sent with
 * XMLHttpRequest because fetch reports no upload progress; resolves when stored, rejects with the
 * server's refusal (too large, wrong type, expired URL) as an ApiError.
 */
export function putFile(url: string, file: Blob, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("content-type", contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      reject(refusalOf(request.responseText) ?? requestFailed());
    };
    request.onerror = () => reject(requestFailed());
    request.send(file);
  });
}

function refusalOf(body: string): ApiError | null {
  try {
    const error = (JSON.parse(body) as { errors?: { message: string; extensions?: { messageId?: string; code?: string } }[] }).errors?.[0];
    return error ? new ApiError(error.message, error.extensions?.messageId, error.extensions?.code) : null;
  } catch {
    return null;
  }
}
