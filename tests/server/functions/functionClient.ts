import { expect } from "vitest";
import type { LiveProject } from "../projectEndpoint/fixture";

/** Uploads a cloud function as the console does (uploadInlineFile, ZIP, private), as the owner. */
export async function uploadFunction(p: LiveProject, key: string, code: string) {
  const answer = await p.call(
    `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { cloudFunction { id key functionUrl runtime } } }`,
    { input: { key, mimeType: "text/javascript", accessControl: "private", archiveFormat: "ZIP", body: Buffer.from(code).toString("base64"), isCloudFunction: true } },
    { token: p.owner.token },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data.uploadInlineFile.cloudFunction as { id: string; key: string; functionUrl: string; runtime: string };
}

/** POSTs JSON to a function URL with an API key (default), a console token, or nothing. */
export async function callFunction(url: string, body: unknown, auth: { apiKey?: string; token?: string } | null) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(auth?.apiKey ? { "x-api-key": auth.apiKey } : {}),
      ...(auth?.token ? { authorization: auth.token } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}
