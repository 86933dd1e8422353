/** The checkout form is a few fields; anything longer is not read. */
const FORM_LIMIT = 4096;

/** The form fields of an application/x-www-form-urlencoded POST; empty when the body is too long or another type. */
export async function readFormBody(request: Request): Promise<URLSearchParams> {
  if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  if (Number(request.headers.get("content-length") ?? 0) > FORM_LIMIT || !request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > FORM_LIMIT) {
      await reader.cancel();
      return new URLSearchParams();
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
