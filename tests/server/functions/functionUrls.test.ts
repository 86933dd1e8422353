// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { callFunction, uploadFunction } from "./functionClient";

/**
 * Cloud functions through their URLs, as a caller of the project's API calls them: hostile code
 * fails only its own invocation with a clear error while the platform keeps answering.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},functionCpuMs=500,functionWallMs=3000,functionMemoryBytes=33554432,functionResultMaxBytes=1048576,functionRequestMaxBytes=65536` });
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const key = () => ({ apiKey: p.apiKey });
const healthy = async () => expect((await fetch(`${p.t.url}/healthz`)).status).toBe(200);

/** Runs `code` as a function of its own and answers its URL's reply. */
async function run(name: string, code: string, event: unknown = {}, auth: { apiKey?: string; token?: string } | null = key()) {
  const fn = await uploadFunction(p, name, code);
  return callFunction(fn.functionUrl, event, auth);
}

describe("function URLs: JSON in, the handler's result out, authorised like the project API", () => {
  it("runs a CommonJS handler with an API key, and an ES module's handler for a member", async () => {
    const fn = await uploadFunction(p, "double.js", "exports.handler = async (event, context) => ({ doubled: event.n * 2, caller: context.caller });");
    expect(fn.functionUrl).toBe(`${p.t.url}/p/${p.apiId}/functions/double.js`);
    expect(await callFunction(fn.functionUrl, { n: 21 }, key())).toEqual({ status: 200, body: { doubled: 42, caller: "apiKey" } });
    const esm = await uploadFunction(p, "hello.mjs", "export const handler = (event) => `hello ${event.name}`;");
    expect(await callFunction(esm.functionUrl, { name: "Ada" }, { token: p.owner.token })).toEqual({ status: 200, body: "hello Ada" });
    const byDefault = await run("default.js", "export default async function (event) { return { got: event }; }", [1, 2]);
    expect(byDefault).toEqual({ status: 200, body: { got: [1, 2] } });
  });

  it("reads and writes the project through context.graphql as its caller", async () => {
    const code = `exports.handler = async (event, context) => {
      const created = await context.graphql("mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id name } }", { input: { name: event.name } });
      const listed = await context.graphql("{ listAuthor { items { name } } }");
      return { created: created.data.createAuthor.name, names: listed.data.listAuthor.items.map((a) => a.name) };
    };`;
    const answer = await run("writer.js", code, { name: "Grace" });
    expect(answer.status).toBe(200);
    expect(answer.body.created).toBe("Grace");
    expect(answer.body.names).toContain("Grace");
  });

  it("refuses a call without credentials (401), with a bad key (401), bad JSON (400), an unknown function (404), a too large body (413)", async () => {
    const fn = await uploadFunction(p, "echo.js", "exports.handler = (event) => event;");
    const anonymous = await callFunction(fn.functionUrl, {}, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await callFunction(fn.functionUrl, {}, { apiKey: "not-a-key" })).status).toBe(401);
    const badJson = await callFunction(fn.functionUrl, "{ nope", key());
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].message).toBe("The request body must be JSON.");
    const unknown = await callFunction(`${p.t.url}/p/${p.apiId}/functions/missing.js`, {}, key());
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].extensions.messageId).toBe("error_function_not_found");
    const large = await callFunction(fn.functionUrl, { text: "x".repeat(70_000) }, key());
    expect(large.status).toBe(413);
  });

  it("refuses a signed-in member of another workspace: the function never runs for them", async () => {
    const fn = await uploadFunction(p, "counted.js", `exports.handler = async (event, context) => context.graphql("mutation { createAuthor(input: { name: \\"stranger\\" }) { id } }");`);
    const stranger = await p.t.signUp(`stranger-${Date.now()}@example.com`);
    const refused = await callFunction(fn.functionUrl, {}, { token: stranger.token });
    expect(refused.status).toBe(403);
    const listed = await p.call(`{ listAuthor { items { name } } }`, {}, { token: p.owner.token });
    expect(listed.data.listAuthor.items.map((author: { name: string }) => author.name)).not.toContain("stranger");
  });

  it("answers a handler's own error as 502 with its message", async () => {
    const answer = await run("throws.js", "exports.handler = () => { throw new Error('no such order'); };");
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0]).toMatchObject({ message: "Error: no such order", extensions: { code: "FUNCTION_ERROR", messageId: "error_function_failed" } });
  });
});

describe("attacks: each fails only its own invocation, with a clear error, while /healthz answers", () => {
  it("cannot read /etc/passwd or the data directory: there is no require, fs or process", async () => {
    const passwd = await run("passwd.js", "exports.handler = () => require('fs').readFileSync('/etc/passwd', 'utf8');");
    expect(passwd.status).toBe(502);
    expect(passwd.body.errors[0].message).toMatch(/require is not available in a function/);
    const imported = await run("passwd.mjs", "import { readFileSync } from 'fs'; export const handler = () => readFileSync('/etc/passwd', 'utf8');");
    expect(imported.status).toBe(502);
    expect(imported.body.errors[0].message).toMatch(/could not load module 'fs'/);
    const env = await run("env.js", "exports.handler = () => process.env;");
    expect(env.status).toBe(502);
    expect(env.body.errors[0].message).toMatch(/'process' is not defined/);
    const spawn = await run("spawn.js", "exports.handler = () => require('child_process').execSync('id').toString();");
    expect(spawn.status).toBe(502);
    expect(spawn.body.errors[0].message).toMatch(/require is not available/);
    await healthy();
  });

  it("cannot open a connection to 127.0.0.1 or the platform's own port", async () => {
    const port = new URL(p.t.url).port;
    const answer = await run("ssrf.js", `exports.handler = async () => (await fetch("http://127.0.0.1:${port}/healthz")).status;`);
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0].message).toMatch(/fetch is not available in a function/);
    const socket = await run("socket.js", "exports.handler = () => new WebSocket('ws://127.0.0.1:5432') || XMLHttpRequest;");
    expect(socket.status).toBe(502);
    expect(socket.body.errors[0].message).toMatch(/'WebSocket' is not defined/);
    await healthy();
  });

  it("an endless loop is stopped at its time limit (504)", async () => {
    const [answer] = await Promise.all([run("loop.js", "exports.handler = () => { while (true) {} };"), healthy()]);
    expect(answer.status).toBe(504);
    expect(answer.body.errors[0]).toMatchObject({ extensions: { code: "FUNCTION_TIMEOUT" } });
    expect(answer.body.errors[0].message).toMatch(/time limit of 500 ms/);
    await healthy();
  });

  it("a memory bomb is stopped at its memory limit, a recursion bomb at the stack", async () => {
    const memory = await run("memory.js", "exports.handler = () => { const kept = []; while (true) kept.push(new Array(1 << 18).fill(kept.length)); };");
    expect(memory.status).toBe(502);
    expect(memory.body.errors[0]).toMatchObject({ extensions: { code: "FUNCTION_MEMORY" } });
    expect(memory.body.errors[0].message).toMatch(/memory limit of 32 MB/);
    const recursion = await run("recursion.js", "exports.handler = () => { const f = (n) => f(n + 1) + 1; return f(0); };");
    expect(recursion.status).toBe(502);
    expect(recursion.body.errors[0].message).toMatch(/stack overflow/);
    await healthy();
  });

  it("a 100 MB result is refused, not sent", async () => {
    const answer = await run("huge.js", "exports.handler = () => 'x'.repeat(100 * 1024 * 1024);");
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0].message).toMatch(/memory limit|larger than 1048576 bytes/);
    const justOver = await run("over.js", "exports.handler = () => 'x'.repeat(1024 * 1024 + 1);");
    expect(justOver.status).toBe(502);
    expect(justOver.body.errors[0]).toMatchObject({ extensions: { code: "FUNCTION_RESULT_TOO_LARGE" } });
    await healthy();
  });

  it("a function keeps working after others were stopped", async () => {
    expect(await run("after.js", "exports.handler = () => 'still fine';")).toEqual({ status: 200, body: "still fine" });
  });
});

describe("logs: every invocation is recorded under its function, newest first", () => {
  it("keeps stdout, stderr, status, error, duration and memory", async () => {
    const fn = await uploadFunction(p, "logs.js", "exports.handler = (event) => { console.log('got', event); console.error('careful'); if (event.fail) throw new Error('asked to fail'); return 1; };");
    await callFunction(fn.functionUrl, { n: 1 }, key());
    await callFunction(fn.functionUrl, { fail: true }, key());
    const answer = await p.call(`{ listCloudFunctionLog(key: "logs.js", first: 10) { items { source status error stdout stderr durationMs cpuMs memoryBytes createdAt } } }`, {}, { token: p.owner.token });
    expect(answer.errors).toBeUndefined();
    const logs = answer.data.listCloudFunctionLog.items;
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ source: "url", status: "error", error: "Error: asked to fail", stdout: 'got {"fail":true}\n', stderr: "careful\n" });
    expect(logs[1]).toMatchObject({ source: "url", status: "ok", error: null, stdout: 'got {"n":1}\n' });
    expect(logs[1].memoryBytes).toBeGreaterThan(0);
    expect(logs[1].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("streams each invocation of one function to a subscriber as it is recorded, and only that function's", async () => {
    const fn = await uploadFunction(p, "watched.js", "exports.handler = (event) => { console.log('n', event.n); return event.n; };");
    const other = await uploadFunction(p, "unwatched.js", "exports.handler = () => 0;");
    const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: p.owner.token }, retryAttempts: 0 });
    const heard: { source: string; status: string; stdout: string }[] = [];
    const errors: unknown[] = [];
    client.subscribe({ query: `subscription { onCloudFunctionLog(key: "watched.js") { id source status stdout } }` }, { next: (result) => void (result.data ? heard.push((result.data as any).onCloudFunctionLog) : errors.push(result.errors)), error: (error) => void errors.push(error), complete: () => {} });
    try {
      // graphql-ws does not say when a subscription is registered: call until one is heard.
      for (let n = 1; heard.length === 0 && n < 50; n++) {
        await callFunction(other.functionUrl, {}, key());
        await callFunction(fn.functionUrl, { n }, key());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(errors).toEqual([]);
      expect(heard.length).toBeGreaterThan(0);
      expect(heard.every((log) => log.source === "url" && log.status === "ok" && log.stdout.startsWith("n "))).toBe(true);
    } finally {
      await client.dispose();
    }
  });

  it("refuses the subscription to a caller without credentials", async () => {
    const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const outcome = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: `subscription { onCloudFunctionLog(key: "watched.js") { id } }` }, { next: (result) => resolve(result), error: (error) => resolve(error), complete: () => resolve("complete") });
    });
    await client.dispose();
    expect(JSON.stringify(outcome)).not.toContain('"onCloudFunctionLog":{');
  });
});
