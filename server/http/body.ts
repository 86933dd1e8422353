import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Reads a request body up to `limit` bytes; null as soon as it is longer (declared or sent), so
 * a 20 MB body is refused after the first megabyte instead of being buffered whole.
 */
export async function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** 413 with a GraphQL-shaped error; the connection closes so the rest of the body is never read. */
export function answerBodyTooLarge(req: IncomingMessage, res: ServerResponse, limit: number) {
  const body = JSON.stringify({
    errors: [
      {
        message: `The request body is larger than the limit of ${limit} bytes.`,
        extensions: { code: "BAD_USER_INPUT", messageId: "error_body_too_large" },
      },
    ],
  });
  res.writeHead(413, { "content-type": "application/json; charset=utf-8", connection: "close" });
  res.end(body, () => req.destroy());
}
