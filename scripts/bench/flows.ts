// Automation flows: trigger-to-first-step latency (a webhook call until its run's first step
// starts, read from the step's log), runs per second with 10 clients calling the webhook at once,
// and the JavaScript (gzip) the browser loads on entering the flow editor route (its lazy chunks
// beyond what the console's entry already loaded; needs `npm run build`).
// Run alone: `npx tsx scripts/bench/flows.ts`, or `npm run bench -- --only=flows`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { FlowSchema } from "../../src/domain/flows/types";
import { GENEROUS_LIMITS } from "../../tests/server/limits";
import { liveProject } from "../../tests/server/projectEndpoint/fixture";
import { databaseLabel } from "./platform";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CLIENTS = 10;
const SECRET = "bench-webhook-secret-0123";
const ASSETS = "dist/console/assets";

const percentile = (times: number[], share: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The chunks a module imports statically, transitively (minified ES modules: `from"./x.js"`, `import"./x.js"`). */
function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(join(ASSETS, file))) continue;
    seen.add(file);
    const text = readFileSync(join(ASSETS, file), "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]);
  }
  return seen;
}

function editorRouteBytes() {
  if (!existsSync(ASSETS)) return null;
  const html = readFileSync("dist/console/index.html", "utf8");
  const entry = closure(Array.from(html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g), (match) => match[1]));
  const route = closure(readdirSync(ASSETS).filter((file) => /^FlowEditorScreen(Query\.graphql)?-.*\.js$/.test(file)));
  const files = [...route].filter((file) => !entry.has(file));
  return { files: files.length, bytes: files.reduce((sum, file) => sum + gzipSync(readFileSync(join(ASSETS, file))).length, 0) };
}

/** `label`: the database the test harness gives the platform (PostgreSQL when TEST_DATABASE_URL is set). */
export async function benchFlows(label: string) {
  const p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},flowRunsPerMinute=1000000` });
  try {
    const gql = (query: string, variables: Record<string, unknown>) => p.t.graphql(query, variables, p.owner.token);
    const schema: FlowSchema = {
      triggers: [{ id: "hook", name: "Incoming", variant: "webhook", secret: SECRET }],
      steps: [{ id: "first", variant: "condition", left: "{{trigger.body.n}}", operator: "isNotEmpty" }],
      startStep: "first",
    };
    const created = await gql(`mutation ($input: CreateFlowInput!) { createFlow(input: $input) { id webhookUrl } }`, { input: { apiId: p.apiId, name: "Bench", schema: JSON.stringify(schema) } });
    if (created.errors) throw new Error(JSON.stringify(created.errors));
    const { id: flowId, webhookUrl } = created.data.createFlow as { id: string; webhookUrl: string };
    const db = p.t.platform.db;
    const call = async (n: number) => {
      const response = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-flow-secret": SECRET }, body: JSON.stringify({ n }) });
      if (response.status !== 202) throw new Error(`${response.status} ${await response.text()}`);
      return ((await response.json()) as { runId: string }).runId;
    };
    const firstStepAt = async (runId: string) => {
      for (;;) {
        const log = await db.selectFrom("flow_run_logs").select(["created_at", "content"]).where("run_id", "=", runId).executeTakeFirst();
        if (log) {
          const content = (typeof log.content === "string" ? JSON.parse(log.content) : log.content) as { durationMs: number };
          return new Date(log.created_at).getTime() - content.durationMs;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };

    const latencies: number[] = [];
    for (let n = 0; n < RUNS; n++) {
      const started = Date.now();
      latencies.push((await firstStepAt(await call(n))) - started);
    }

    const total = RUNS * 2;
    let sent = 0;
    const runIds: string[] = [];
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (sent < total) {
        sent++;
        runIds.push(await call(sent));
      }
    }));
    for (;;) {
      const row = await db.selectFrom("flow_runs").select((eb) => eb.fn.countAll<string>().as("count")).where("flow_id", "=", flowId).where("status", "=", "SUCCEEDED").executeTakeFirst();
      if (Number(row?.count ?? 0) >= RUNS + total) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const perSecond = total / ((performance.now() - started) / 1000);
    const route = editorRouteBytes();

    console.log(`\nAutomation flows (${label}, one process: the platform and this client)`);
    console.log(`trigger to first step (webhook call until the step starts, ${RUNS} runs): p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}`);
    console.log(`runs at ${CLIENTS} concurrent webhook callers: ${perSecond.toFixed(0)} runs/s (${total} runs, from the first call until all succeeded)`);
    console.log(route ? `flow editor route JavaScript: ${(route.bytes / 1024).toFixed(1)} KB gzip in ${route.files} lazy files (@xyflow/react among them)` : "flow editor route JavaScript: run `npm run build` first");
  } finally {
    await p.t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchFlows(databaseLabel(process.env.TEST_DATABASE_URL));
