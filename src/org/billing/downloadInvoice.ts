import { currentAccessToken } from "../../session/tokens";

/**
 * Invoice PDFs are served only to members of the invoice's workspace, so the download carries
 * the access token (a plain link would not) and is handed to the browser as a file.
 */
export async function downloadInvoice(pdfPath: string, fileName: string): Promise<void> {
  const token = await currentAccessToken();
  const response = await fetch(pdfPath, { headers: token ? { authorization: token } : {} });
  if (!response.ok) throw new Error(`invoice download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
