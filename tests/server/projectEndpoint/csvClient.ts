/** Calls the CSV routes of one project as the console and API callers do. */
export function csvClient(base: string, apiId: string) {
  const headersOf = (auth: { apiKey?: string; token?: string }) => ({
    ...(auth.apiKey ? { "x-api-key": auth.apiKey } : {}),
    ...(auth.token ? { authorization: auth.token } : {}),
  });

  async function upload(
    body: string | Uint8Array,
    options: { table: string; fileName?: string; optIn?: string[]; auth: { apiKey?: string; token?: string }; headers?: Record<string, string> },
  ) {
    const query = new URLSearchParams({ table: options.table, fileName: options.fileName ?? "data.csv" });
    for (const column of options.optIn ?? []) query.append("optIn", column);
    const response = await fetch(`${base}/p/${apiId}/imports?${query}`, {
      method: "POST",
      headers: { "content-type": "text/csv", ...headersOf(options.auth), ...options.headers },
      body: body as BodyInit,
    });
    return { status: response.status, ...((await response.json()) as { import?: any; errors?: { message: string; extensions: Record<string, any> }[] }) };
  }

  async function status(importId: string, auth: { apiKey?: string; token?: string }) {
    const response = await fetch(`${base}/p/${apiId}/imports/${importId}`, { headers: headersOf(auth) });
    return { status: response.status, ...((await response.json()) as { import?: any; errors?: { extensions: Record<string, any> }[] }) };
  }

  /** Polls until the import is DONE or FAILED, as the console's dialog does (also usable in hooks). */
  async function finished(importId: string, auth: { apiKey?: string; token?: string }, timeout = 60_000) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const current = (await status(importId, auth)).import;
      if (current?.status === "DONE" || current?.status === "FAILED") return current;
      if (Date.now() > deadline) throw new Error(`import ${importId} still ${current?.status} after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function download(path: string, auth: { apiKey?: string; token?: string }) {
    const response = await fetch(`${base}/p/${apiId}/${path}`, { headers: headersOf(auth) });
    return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
  }

  return { upload, status, finished, download };
}
