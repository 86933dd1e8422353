import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoServer {
  url: string;
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  close(): Promise<void>;
}

/**
 * A service a flow's HTTP step calls: it records each request and answers it as JSON
 * ({ method, query, body }); /status/<n> answers with status n, /big with more than 4 KiB, and
 * /flaky/<key> with 503 to its first two requests, then 200 (a service that recovers).
 */
export async function startEchoServer(): Promise<EchoServer> {
  const requests: EchoServer["requests"] = [];
  const flakyCalls = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const path = req.url ?? "/";
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      const url = new URL(path, "http://echo");
      const flaky = url.pathname.startsWith("/flaky/") ? (flakyCalls.get(url.pathname) ?? 0) + 1 : 0;
      if (flaky) flakyCalls.set(url.pathname, flaky);
      const status = url.pathname.startsWith("/status/") ? Number(url.pathname.slice(8)) : flaky && flaky <= 2 ? 503 : 200;
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // kept as text
      }
      const answer = url.pathname === "/big" ? { filler: "x".repeat(8192) } : { method: req.method, query: Object.fromEntries(url.searchParams), body: parsed };
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
