// The byte budget of an answer: 1,000 rows with a 60,000-character field pass the row limit, so
// five aliases of that page ask for a 300 MB answer. Measures how fast it is refused (and a page
// within the budget answered), /healthz latency while clients keep asking, and the server's RSS.
import { Agent } from "node:http";
import { rssMiB, send, type Call } from "./load";
import { startProjectServer } from "./project-api";
import { createDatabase } from "../../tests/server/harness";

const WIDE_CHARS = 60_000;
const WIDE_ROWS = 1_000;
/** What one request may carry (server/graphql/limits.ts MAX_BODY_BYTES is 1 MiB). */
const ROWS_PER_CREATE = 15;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh). */
export async function benchBigResponse(port: number) {
  await benchOn(port, "PGlite", { DATA_DIR: "memory://", DATABASE_URL: "" });
  if (!process.env.TEST_DATABASE_URL) return;
  const database = await createDatabase(process.env.TEST_DATABASE_URL);
  try {
    await benchOn(port + 1, "PostgreSQL", { DATA_DIR: "memory://", DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

/** Sends `call` `times` times from each of `clients` clients while one more polls /healthz. */
async function underAttack(server: { base: URL; pid: number }, agent: Agent, call: Call, clients: number, times: number) {
  const answers: number[] = [];
  const health: number[] = [];
  const outcomes = new Map<string, number>();
  let peakRss = rssMiB(server.pid);
  let attacking = true;
  const poll = (async () => {
    while (attacking) {
      const begin = performance.now();
      const { status } = await send(server.base, { method: "GET", path: "/healthz" }, agent);
      health.push(performance.now() - begin);
      if (status !== 200) outcomes.set(`/healthz ${status}`, (outcomes.get(`/healthz ${status}`) ?? 0) + 1);
      peakRss = Math.max(peakRss, rssMiB(server.pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < times; i++) {
        const begin = performance.now();
        const { status, body } = await send(server.base, call, agent);
        answers.push(performance.now() - begin);
        const outcome = body.includes("error_response_too_large") ? "refused" : `HTTP ${status}, ${(body.length / 1e6).toFixed(0)} MB`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  attacking = false;
  await poll;
  answers.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  const counted = [...outcomes].map(([outcome, count]) => `${count}× ${outcome}`).join(", ");
  return (
    `${counted}: p50 ${ms(percentile(answers, 0.5))}  max ${ms(answers.at(-1)!)}; ` +
    `/healthz meanwhile p50 ${ms(percentile(health, 0.5))}  p95 ${ms(percentile(health, 0.95))}  max ${ms(health.at(-1)!)} (${health.length} polls); RSS at most ${peakRss.toFixed(0)} MiB`
  );
}

async function benchOn(port: number, label: string, env: Record<string, string>) {
  // One small project (the bench server's own), the wide rows added through the API.
  const server = await startProjectServer(port, { ...env, BENCH_SIZES: "10" });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const { apiId, key } = Object.values(server.prepared.projects)[0];
    const call = (query: string, variables: object = {}): Call => ({
      method: "POST",
      path: `/p/${apiId}/graphql`,
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query, variables }),
    });
    const create = `mutation ($input: [CreateItemInput!]!) { batchCreateItem(input: $input) { id } }`;
    for (let made = 0; made < WIDE_ROWS; made += ROWS_PER_CREATE) {
      const input = Array.from({ length: Math.min(ROWS_PER_CREATE, WIDE_ROWS - made) }, (_, index) => ({ title: "w".repeat(WIDE_CHARS), score: made + index, category: "wide" }));
      const { status, body } = await send(server.base, call(create, { input }), agent);
      if (status !== 200 || body.includes('"errors"')) throw new Error(`creating wide rows failed: ${body.slice(0, 200)}`);
    }
    const page = (limit: number) => `listItem(limit: ${limit}, filter: { category: { eq: "wide" } }) { items { id title } }`;
    const attack = call(`{ ${Array.from({ length: 5 }, (_, index) => `a${index}: ${page(WIDE_ROWS)}`).join(" ")} }`);
    console.log(`${label} RSS with 1,000 rows of 60 KB: ${rssMiB(server.pid).toFixed(0)} MiB`);
    console.log(`${label} answer within the byte budget (200 rows × 60 KB, 12 MB), 1 client × 3: ${await underAttack(server, agent, call(`{ ${page(200)} }`), 1, 3)}`);
    console.log(`${label} 300 MB query (5 aliases × 1,000 rows × 60 KB), 1 client × 3: ${await underAttack(server, agent, attack, 1, 3)}`);
    console.log(`${label} 300 MB query, 5 clients × 2: ${await underAttack(server, agent, attack, 5, 2)}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}
