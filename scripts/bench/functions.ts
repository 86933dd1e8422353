// Cloud functions: invocation latency through a function URL (cold: a function's first call;
// warm: the same function again), invocations per second at 10 clients, the per-write overhead of
// a before and an after trigger on createAuthor. The floor is a plain read of the same project's
// endpoint in the same run. And the RSS of a platform process of its own (measured from outside,
// as the memory part does) before and with 100 functions uploaded and each called once.
// Run alone: `npx tsx scripts/bench/functions.ts`, or `npm run bench -- --only=functions`.
import { pathToFileURL } from "node:url";
import { addResolver, updateResolver, type ResolverPatch, type SchemaModel } from "../../src/domain/model";
import { GENEROUS_LIMITS } from "../../tests/server/limits";
import { libraryModel, liveProject, type LiveProject } from "../../tests/server/projectEndpoint/fixture";
import { rssMiB } from "./load";
import { startProjectServer } from "./project-api";
import { databaseLabel } from "./platform";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const COLD = 20;
const CLIENTS = 10;

const percentile = (times: number[], share: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))];
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function timed(call: () => Promise<unknown>) {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

async function upload(p: LiveProject, key: string, code: string) {
  const answer = await p.call(
    `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { cloudFunction { functionUrl } } }`,
    { input: { key, mimeType: "text/javascript", accessControl: "private", archiveFormat: "ZIP", body: Buffer.from(code).toString("base64"), isCloudFunction: true } },
    { token: p.owner.token },
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data.uploadInlineFile.cloudFunction.functionUrl as string;
}

async function invoke(p: LiveProject, url: string, event: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-api-key": p.apiKey }, body: JSON.stringify(event) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} ${body}`);
}

async function samples(runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timed(call));
  return times;
}

/** The library model with these triggers on Author, live as `version`. */
async function withTriggers(p: LiveProject, version: number, ...triggers: ResolverPatch[]) {
  let model: SchemaModel = libraryModel();
  const authorId = model.objectTypes.find((type) => type.name === "Author")!.id;
  for (const patch of triggers) {
    const added = addResolver(model, authorId);
    model = updateResolver(added.model, authorId, added.id, patch);
  }
  await p.goLive(model, version);
}

/** `label`: the database the test harness gives the platform (PostgreSQL when TEST_DATABASE_URL is set). */
export async function benchFunctions(label: string) {
  // Calls per caller per minute far above the runs here; concurrency as a deployer would set it for 10 clients.
  const p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},functionCallsPerCallerPerMinute=1000000,functionsAtOnce=${CLIENTS},functionsPerProjectAtOnce=${CLIENTS}` });
  try {
    const read = () => p.call(`{ listAuthor(limit: 1) { items { id } } }`);
    await samples(20, read);
    const floor = percentile(await samples(RUNS, read), 0.5);

    const cold: number[] = [];
    for (let n = 0; n < COLD; n++) {
      const url = await upload(p, `cold${n}.js`, `exports.handler = (event) => ({ n: event.n, at: ${n} });`);
      cold.push(await timed(() => invoke(p, url, { n })));
    }
    const echo = await upload(p, "echo.js", "exports.handler = (event) => ({ n: event.n });");
    await samples(20, () => invoke(p, echo, { n: 1 }));
    const warm = await samples(RUNS, () => invoke(p, echo, { n: 1 }));

    const total = RUNS * 2;
    let sent = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (sent < total) {
        sent++;
        await invoke(p, echo, { n: sent });
      }
    }));
    const perSecond = total / ((performance.now() - started) / 1000);

    const create = () => p.call(`mutation { createAuthor(input: { name: "bench" }) { id } }`).then((answer) => {
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    });
    await upload(p, "before.js", "exports.handler = (event) => ({ ...event.input, name: event.input.name + '!' });");
    await upload(p, "after.js", "exports.handler = (event) => event.result;");
    await samples(20, create);
    const plain = percentile(await samples(RUNS, create), 0.5);
    await withTriggers(p, 2, { name: "before", step: "before", types: ["create"], archive: "before.js" });
    await samples(20, create);
    const before = percentile(await samples(RUNS, create), 0.5);
    await withTriggers(p, 3, { name: "before", step: "before", types: ["create"], archive: "before.js" }, { name: "after", step: "after", types: ["create"], archive: "after.js" });
    await samples(20, create);
    const both = percentile(await samples(RUNS, create), 0.5);


    console.log(`\nCloud functions (${label}, one process: the platform and this client)`);
    console.log(`| | p50 | p95 | ratio to the floor (p50) |`);
    console.log(`|---|---|---|---|`);
    console.log(`| floor: listAuthor(limit: 1) through /p/<apiId>/graphql | ${ms(floor)} | | 1.00× |`);
    console.log(`| function URL, cold (first call of ${COLD} new functions) | ${ms(percentile(cold, 0.5))} | ${ms(percentile(cold, 0.95))} | ${(percentile(cold, 0.5) / floor).toFixed(2)}× |`);
    console.log(`| function URL, warm (${RUNS} calls) | ${ms(percentile(warm, 0.5))} | ${ms(percentile(warm, 0.95))} | ${(percentile(warm, 0.5) / floor).toFixed(2)}× |`);
    console.log(`function URL at ${CLIENTS} clients: ${perSecond.toFixed(0)} invocations/s (${total} calls)`);
    console.log(`createAuthor p50: ${ms(plain)} without triggers; a before trigger adds ${ms(before - plain)}, a before and an after trigger add ${ms(both - plain)}`);
  } finally {
    await p.t.close();
  }
}

const LOADED = 100;

/** The server's RSS before and with LOADED functions uploaded and each called once (its code cache holds them all). */
export async function benchFunctionsRss(port: number) {
  const server = await startProjectServer(port, {
    DATA_DIR: "memory://",
    DATABASE_URL: "",
    BENCH_SIZES: "1000",
    LIMITS: `${GENEROUS_LIMITS},functionCallsPerCallerPerMinute=1000000,fileUploadsPerCallerPerHour=1000000`,
  });
  try {
    const { apiId, key } = server.prepared.projects["1000"];
    const post = async (path: string, body: unknown) => {
      const response = await fetch(new URL(path, server.base), { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"')) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    };
    const call = () => post(`/p/${apiId}/functions/warmup.js`, { n: 0 });
    await post(`/p/${apiId}/graphql`, uploadBody("warmup.js", "exports.handler = (event) => event;"));
    for (let n = 0; n < 20; n++) await call();
    const before = rssMiB(server.pid);
    for (let n = 0; n < LOADED; n++) {
      // Each its own code of some size, as real functions differ.
      const code = `const table${n} = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `row ${n}-${index}`))};\nexports.handler = (event) => ({ n: event.n, size: table${n}.length });`;
      await post(`/p/${apiId}/graphql`, uploadBody(`loaded${n}.js`, code));
      await post(`/p/${apiId}/functions/loaded${n}.js`, { n });
    }
    const loaded = rssMiB(server.pid);
    console.log(`PGlite: RSS of the platform process (from outside): ${before.toFixed(0)} MiB with one function warm, ${loaded.toFixed(0)} MiB with ${LOADED} more functions uploaded and each called once (+${(loaded - before).toFixed(0)} MiB)`);
  } finally {
    await server.stop();
  }
}

const uploadBody = (fileKey: string, code: string) => ({
  query: `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { cloudFunction { id } } }`,
  variables: { input: { key: fileKey, mimeType: "text/javascript", accessControl: "private", archiveFormat: "ZIP", body: Buffer.from(code).toString("base64"), isCloudFunction: true } },
});

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchFunctions(databaseLabel(process.env.TEST_DATABASE_URL));
  await benchFunctionsRss(Number(process.env.BENCH_PORT ?? 4510) + 50);
}
