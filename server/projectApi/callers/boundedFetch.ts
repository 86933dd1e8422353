/**
 * A GET to an address a project named (its OIDC issuer), bounded in time and size: a slow or
 * huge answer fails instead of tying up the server or its memory. Redirects are not followed.
 */
export async function boundedFetch(url: string, options: { timeoutMs: number; maxBytes: number; signal?: AbortSignal; headers?: HeadersInit }): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(url, { method: "GET", redirect: "manual", signal, headers: options.headers });
  const declared = Number(response.headers.get("content-length"));
  if (declared > options.maxBytes) {
    await response.body?.cancel();
    throw new Error(`${url} answered more than ${options.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxBytes) {
      await reader.cancel();
      throw new Error(`${url} answered more than ${options.maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bodyless = [204, 205, 304].includes(response.status);
  return new Response(bodyless ? null : Buffer.concat(chunks), { status: response.status, headers: response.headers });
}
