// `npm run bench -- --servers 1,2,3`: several server processes on one PostgreSQL behind a
// round-robin client, as behind a load balancer. For each count: 200 concurrent clients for
// BENCH_SERVERS_SECONDS (60) reading and writing a published project's table, 20 live
// subscriptions to its creates spread over the servers, and the delay from a write's answer on
// one server to its event on a subscriber of another.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "node:http";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createDatabase } from "../../tests/server/harness";
import { createUserWithWorkspace, startServer, type BenchServer } from "./platform";
import { publishedProjectList } from "./request-path";
import { send, type Call } from "./load";

const CLIENTS = 200;
const SUBSCRIPTIONS = 20;
/** One write in WRITE_EVERY calls; the rest read the table's first page. */
const WRITE_EVERY = 4;
const CREATE = `mutation ($input: CreateItem1Input!) { createItem1(input: $input) { id } }`;
const ON_CREATE = `subscription { onCreateItem1 { title } }`;

const seconds = () => Number(process.env.BENCH_SERVERS_SECONDS ?? 60);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

export async function benchServers(adminUrl: string, counts: number[], basePort: number) {
  console.log(`Servers on one PostgreSQL: ${CLIENTS} clients for ${seconds()} s (1 write in ${WRITE_EVERY}), ${SUBSCRIPTIONS} subscriptions, round robin`);
  for (const count of counts) await benchCount(adminUrl, count, basePort);
  console.log(
    `  On this machine (2 cores shared by the bench client, PostgreSQL and every server) more processes cannot add throughput: ` +
      `they share the same cores, so the lines show what the change log and the shared database cost, not how servers scale.`,
  );
}

async function benchCount(adminUrl: string, count: number, basePort: number) {
  const database = await createDatabase(adminUrl);
  const objectsDir = mkdtempSync(join(tmpdir(), "baukasten-bench-servers-"));
  const servers: BenchServer[] = [];
  const subscribers: Client[] = [];
  // One public address, as behind a load balancer: tokens name it as their issuer.
  const env = { DATABASE_URL: database.url, DATA_DIR: objectsDir, PUBLIC_URL: `http://127.0.0.1:${basePort}` };
  try {
    // The first migrates; the others start on the migrated database.
    for (let index = 0; index < count; index++) servers.push(await startServer(basePort + index, env));
    const first = servers[0].base;
    const { token, orgId, call } = await createUserWithWorkspace(first, `bench-servers-${Date.now()}@example.com`);
    const created = await call(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Servers" } });
    const apiId = created.createApi.api.id as string;
    const read = await publishedProjectList(first, apiId, token, call);
    const apiKey = read.headers!["x-api-key"];
    const path = `/p/${apiId}/graphql`;

    // Who wrote what and when its answer came: the subscribers' events are matched by title.
    const writes = new Map<string, { server: number; answeredAt?: number }>();
    const delays: { cross: number[]; same: number[] } = { cross: [], same: [] };
    const heard = new Array<number>(SUBSCRIPTIONS).fill(0);
    const arrivals = new Map<string, { server: number; at: number }[]>();
    const record = (title: string, server: number, at: number) => {
      const write = writes.get(title);
      if (!write) return;
      if (write.answeredAt === undefined) {
        const waiting = arrivals.get(title) ?? [];
        waiting.push({ server, at });
        arrivals.set(title, waiting);
      } else (write.server === server ? delays.same : delays.cross).push(Math.max(0, at - write.answeredAt));
    };
    for (let index = 0; index < SUBSCRIPTIONS; index++) {
      const server = index % count;
      const client = createClient({ url: `ws://127.0.0.1:${servers[server].base.port}${path}`, webSocketImpl: WebSocket, connectionParams: { "x-api-key": apiKey }, retryAttempts: 0 });
      subscribers.push(client);
      client.subscribe(
        { query: ON_CREATE },
        {
          next: (result) => {
            heard[index]++;
            record((result.data as { onCreateItem1: { title: string } }).onCreateItem1.title, server, performance.now());
          },
          error: (error) => console.error(`subscription ${index} ended:`, error),
          complete: () => {},
        },
      );
    }
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const write = (title: string): Call => ({
      method: "POST",
      path,
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ query: CREATE, variables: { input: { title, price: 1 } } }),
    });
    // graphql-ws does not say when a subscription is registered: write until every one has heard.
    for (let probe = 0; heard.some((n) => n === 0); probe++) {
      if (probe > 600) throw new Error("the subscriptions did not start within a minute");
      await send(servers[probe % count].base, write(`probe-${probe}`), agent);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const latencies: number[] = [];
    let errors = 0;
    let firstError = "";
    let sent = 0;
    let writeCount = 0;
    const t0 = performance.now();
    const deadline = t0 + seconds() * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, clientIndex) => {
        const server = clientIndex % count;
        const base = servers[server].base;
        while (performance.now() < deadline) {
          const isWrite = sent++ % WRITE_EVERY === 0;
          const title = isWrite ? `w${writeCount++}` : "";
          if (isWrite) writes.set(title, { server });
          const begin = performance.now();
          try {
            const { status, body } = await send(base, isWrite ? write(title) : read, agent);
            const end = performance.now();
            latencies.push(end - begin);
            if (status >= 300 || body.includes('"errors"')) {
              errors++;
              firstError ||= `${status}: ${body.slice(0, 200)}`;
            } else if (isWrite) {
              writes.get(title)!.answeredAt = end;
              for (const arrival of arrivals.get(title) ?? []) record(title, arrival.server, arrival.at);
              arrivals.delete(title);
            }
          } catch (error) {
            errors++;
            firstError ||= String(error);
          }
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    // The last writes' events may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const cross = [...delays.cross].sort((a, b) => a - b);
    const same = [...delays.same].sort((a, b) => a - b);
    const expectedEvents = writeCount * SUBSCRIPTIONS;
    const delivered = cross.length + same.length;
    console.log(
      `${count} server${count > 1 ? "s" : " "}: ${latencies.length} requests, ${errors} errors${firstError ? ` (first: ${firstError})` : ""}, ` +
        `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, ${(latencies.length / elapsed).toFixed(0)} req/s; ` +
        `events ${delivered}/${expectedEvents} delivered; ` +
        (count > 1
          ? `delay to another server's subscriber p50 ${percentile(cross, 0.5).toFixed(1)} ms, p95 ${percentile(cross, 0.95).toFixed(1)} ms (goal <= 100); `
          : "") +
        `to the writing server's own p50 ${percentile(same, 0.5).toFixed(1)} ms, p95 ${percentile(same, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await Promise.all(subscribers.map((client) => client.dispose()));
    for (const server of servers) await server.stop();
    await database.drop();
    rmSync(objectsDir, { recursive: true, force: true });
  }
}
