// a project's own API — list 100 of 1k and of 100k entries (and of 10k entries
// of 20 fields), filtered and sorted (p50, p95 at 1 client, throughput at 10), each beside its
// floor (the list's own SQL in the server's process, measured in the same run) and as
// a ratio to it, and bulk create in rows/s through batchCreate.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { formatLoad, runLoad, type Call } from "./load";
import { createDatabase } from "../../tests/server/harness";
import { SERVER_NODE_FLAGS } from "../serverNodeFlags.mjs";
import type { FloorRequest, FloorResult } from "./listFloor";

interface Prepared {
  projects: Record<string, { apiId: string; key: string; fields: string[] }>;
}

/** Starts the bench's platform process (scripts/bench/project-api-server.ts) and waits for its JSON line. */
export async function startProjectServer(port: number, env: Record<string, string>) {
  // As `npm start` runs the server (scripts/start.mjs): its Node flags and NODE_ENV=production
  // (graphql-js without its development checks); tsx only transpiles at load. BENCH_NODE_FLAGS
  // (space-separated) replaces the flags, as in ./platform.ts, to compare them.
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? SERVER_NODE_FLAGS;
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "scripts/bench/project-api-server.ts"], {
    env: { NODE_ENV: "production", ...process.env, PORT: String(port), LOG_LEVEL: "silent", SECRET_KEY: "bench-secret-key-0123456789abcdef", ...env },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
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
    /** The list's own SQL measured in the server's process (./listFloor.ts). */
    floor: (request: FloorRequest) =>
      new Promise<FloorResult>((resolve) => {
        child.once("message", (result) => resolve(result as FloorResult));
        child.send(request);
      }),
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

const listOf = (fields: string[]) =>
  `query ($category: String) { listItem(limit: 100, sortBy: score, filter: { category: { eq: $category } }) { items { ${fields.join(" ")} } nextToken } }`;
const CREATE = `mutation ($input: [CreateItemInput!]!) { batchCreateItem(input: $input) { id } }`;

/** On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh). */
export async function benchProjectApis(port: number) {
  // DATABASE_URL cleared: figures labelled PGlite are PGlite's, whatever the shell has set.
  await benchProjectApi(port, "PGlite", { DATA_DIR: "memory://", DATABASE_URL: "" });
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
    for (const [project, { apiId, key, fields }] of Object.entries(server.prepared.projects)) {
      const categories = Array.from({ length: 10 }, (_, index) => `c${index}`);
      const lists = categories.map((category) => graphqlCall(apiId, key, listOf(fields), { category }));
      await runLoad(server.base, server.pid, lists, 2, 200, 10);
      const size = Number(project.replace("wide", "")).toLocaleString("en");
      const name = `${label} project list 100 of ${size}${project.startsWith("wide") ? ` (${fields.length} fields)` : ""}, filter+sort`;
      for (const clients of [1, 10]) {
        const floor = await server.floor({ project, categories, clients, total: clients === 1 ? 500 : 1500 });
        const load = await runLoad(server.base, server.pid, lists, clients, clients === 1 ? 1000 : 3000, 15);
        const ratios =
          `floor p50 ${floor.p50.toFixed(2)} ms, ${floor.perSecond.toFixed(0)}/s, CPU ${floor.cpuPerStatement.toFixed(2)} ms: ` +
          `p50 ${(load.p50 / floor.p50).toFixed(2)}x the floor (target <= 1.5x), throughput ${(load.perSecond / floor.perSecond).toFixed(2)}x, ` +
          `server CPU ${(load.cpuPerRequest / floor.cpuPerStatement).toFixed(2)}x the floor's`;
        console.log(`${formatLoad(`${name}, ${clients} client${clients === 1 ? "" : "s"}`, load)}\n    ${ratios}`);
      }
    }
    const { apiId, key } = Object.values(server.prepared.projects)[0];
    const rowsPerCall = 100;
    const batch = graphqlCall(apiId, key, CREATE, {
      input: Array.from({ length: rowsPerCall }, (_, index) => ({ title: `Bulk ${index}`, score: index, category: "bulk" })),
    });
    const bulk = await runLoad(server.base, server.pid, [batch], 4, 200, 15);
    // Server CPU per call beside the rate: on a shared machine the rate follows the load, the CPU much less.
    console.log(
      `${label} project bulk create (batchCreate of ${rowsPerCall}, 4 clients): ${(bulk.perSecond * rowsPerCall).toFixed(0)} rows/s, ` +
        `server CPU ${bulk.cpuPerRequest.toFixed(1)} ms per call (target >= 10,000 rows/s; Directus 1,182)`,
    );
  } finally {
    await server.stop();
  }
}
