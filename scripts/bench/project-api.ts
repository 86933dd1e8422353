// Issue 10 bench: a project's own API — list 100 of 1k and of 100k entries, filtered and sorted
// (p50, p95 at 1 client, throughput at 10), and bulk create in rows/s through batchCreate.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { formatLoad, runLoad, type Call } from "./load";
import { createDatabase } from "../../tests/server/harness";
import { SERVER_NODE_FLAGS } from "../serverNodeFlags.mjs";

interface Prepared {
  projects: Record<string, { apiId: string; key: string }>;
}

/** Starts the bench's platform process (scripts/bench/project-api-server.ts) and waits for its JSON line. */
export async function startProjectServer(port: number, env: Record<string, string>) {
  // As `npm start` runs the server (scripts/start.mjs): its Node flags and NODE_ENV=production
  // (graphql-js without its development checks); tsx only transpiles at load. BENCH_NODE_FLAGS
  // (space-separated) replaces the flags, as in ./platform.ts, to compare them.
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? SERVER_NODE_FLAGS;
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "scripts/bench/project-api-server.ts"], {
    env: { NODE_ENV: "production", ...process.env, PORT: String(port), LOG_LEVEL: "silent", SECRET_KEY: "bench-secret-key-0123456789abcdef", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const prepared = await new Promise<Prepared>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`project API bench server exited with ${code}`)));
    lines.on("line", (line) => {
      if (line.startsWith("{")) resolve(JSON.parse(line));
    });
  });
  return {
    base: new URL(`http://127.0.0.1:${port}`),
    pid: child.pid!,
    prepared,
    stop: () => new Promise<void>((resolve) => {
      child.removeAllListeners("exit");
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}

const graphqlCall = (apiId: string, key: string, query: string, variables: object = {}): Call => ({
  method: "POST",
  path: `/p/${apiId}/graphql`,
  headers: { "content-type": "application/json", "x-api-key": key },
  body: JSON.stringify({ query, variables }),
});

const LIST = `query ($category: String) { listItem(limit: 100, sortBy: score, filter: { category: { eq: $category } }) { items { id title score } nextToken } }`;
const CREATE = `mutation ($input: [CreateItemInput!]!) { batchCreateItem(input: $input) { id } }`;

/** On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh). */
export async function benchProjectApis(port: number) {
  await benchProjectApi(port, "PGlite", { DATA_DIR: "memory://" });
  if (!process.env.TEST_DATABASE_URL) return;
  const database = await createDatabase(process.env.TEST_DATABASE_URL);
  try {
    await benchProjectApi(port + 1, "PostgreSQL", { DATA_DIR: "memory://", DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

async function benchProjectApi(port: number, label: string, env: Record<string, string>) {
  const server = await startProjectServer(port, env);
  try {
    for (const [size, { apiId, key }] of Object.entries(server.prepared.projects)) {
      const lists = Array.from({ length: 10 }, (_, index) => graphqlCall(apiId, key, LIST, { category: `c${index}` }));
      await runLoad(server.base, server.pid, lists, 2, 200, 10);
      const name = `${label} project list 100 of ${Number(size).toLocaleString("en")}, filter+sort`;
      console.log(formatLoad(`${name}, 1 client`, await runLoad(server.base, server.pid, lists, 1, 1000, 15)));
      console.log(formatLoad(`${name}, 10 clients`, await runLoad(server.base, server.pid, lists, 10, 3000, 15)));
    }
    const { apiId, key } = Object.values(server.prepared.projects)[0];
    const rowsPerCall = 100;
    const batch = graphqlCall(apiId, key, CREATE, {
      input: Array.from({ length: rowsPerCall }, (_, index) => ({ title: `Bulk ${index}`, score: index, category: "bulk" })),
    });
    const bulk = await runLoad(server.base, server.pid, [batch], 4, 200, 15);
    console.log(`${label} project bulk create (batchCreate of ${rowsPerCall}, 4 clients): ${(bulk.perSecond * rowsPerCall).toFixed(0)} rows/s (target >= 5,000; Directus 1,182)`);
  } finally {
    await server.stop();
  }
}
