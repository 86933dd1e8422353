// A small closed-loop load generator over keep-alive node:http (no Fetch classes on the client
// side, so the client's own overhead stays small next to the server it measures).
import { Agent, request } from "node:http";
import { readFileSync } from "node:fs";

export interface Call {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  p50: number;
  p95: number;
  perSecond: number;
  /** Server CPU (user + system) per request, in ms. */
  cpuPerRequest: number;
}

export function send(base: URL, call: Call, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, method: call.method, path: call.path, agent, headers: call.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(call.body);
  });
}

/** CPU time (user + system) the process has used so far, in ms, from /proc. */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, counted in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMiB(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

/**
 * `clients` loops, each sending `calls` in turn until `total` requests are done (or `maxSeconds`
 * passed, so a slow server cannot stretch the bench). Every answer must be 2xx and carry no
 * GraphQL errors, or the figures would measure refusals.
 */
export async function runLoad(base: URL, pid: number, calls: Call[], clients: number, total: number, maxSeconds = Infinity): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let started = 0;
  const cpuBefore = cpuMs(pid);
  const t0 = performance.now();
  const deadline = t0 + maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (started < total && performance.now() < deadline) {
        const call = calls[started++ % calls.length];
        const begin = performance.now();
        const { status, body } = await send(base, call, agent);
        latencies.push(performance.now() - begin);
        if (status >= 300 || body.includes('"errors"')) throw new Error(`${call.path} answered ${status}: ${body.slice(0, 300)}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
    perSecond: latencies.length / seconds,
    cpuPerRequest: cpu / latencies.length,
  };
}

export function formatLoad(name: string, result: LoadResult) {
  return (
    `${name.padEnd(72)} p50 ${result.p50.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ` +
    `${result.perSecond.toFixed(0)} req/s  server CPU ${result.cpuPerRequest.toFixed(2)} ms/req  (${result.requests} requests)`
  );
}
