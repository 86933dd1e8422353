// @vitest-environment node
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { callFunction, uploadFunction } from "./functionClient";

/**
 * Python functions in bubblewrap, through their URLs: the same attacks as for JavaScript, each
 * failing only its own invocation with a clear error while the platform keeps answering.
 */
const sandboxed = existsSync("/usr/bin/bwrap") && existsSync("/usr/bin/python3");
const WHY_SKIPPED = "skipped: this machine has no /usr/bin/bwrap or /usr/bin/python3 (Debian packages bubblewrap, python3)";

let p: LiveProject;
beforeAll(async () => {
  if (!sandboxed) return;
  p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},functionCpuMs=1000,functionWallMs=4000,functionMemoryBytes=33554432,functionResultMaxBytes=1048576` });
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const healthy = async () => expect((await fetch(`${p.t.url}/healthz`)).status).toBe(200);
async function run(name: string, code: string, event: unknown = {}) {
  const fn = await uploadFunction(p, name, code);
  return callFunction(fn.functionUrl, event, { apiKey: p.apiKey });
}

describe.skipIf(!sandboxed)(`Python functions in bubblewrap${sandboxed ? "" : ` (${WHY_SKIPPED})`}`, () => {
  it("runs handler(event, context) with JSON in and out, and logs what it printed", async () => {
    const answer = await run("double.py", "def handler(event, context):\n    print('doubling', event['n'])\n    return {'doubled': event['n'] * 2, 'caller': context['caller']}\n", { n: 21 });
    expect(answer).toEqual({ status: 200, body: { doubled: 42, caller: "apiKey" } });
    const logs = await p.call(`{ listCloudFunctionLog(key: "double.py", first: 1) { items { status stdout } } }`, {}, { token: p.owner.token });
    expect(logs.data.listCloudFunctionLog.items[0]).toMatchObject({ status: "ok", stdout: "doubling 21\n" });
  });

  it("cannot read /etc/passwd, the data directory or the platform's environment", async () => {
    const passwd = await run("passwd.py", "def handler(event, context):\n    return open('/etc/passwd').read()\n");
    expect(passwd.status).toBe(502);
    expect(passwd.body.errors[0].message).toMatch(/No such file or directory: '\/etc\/passwd'/);
    const dataDir = await run("data.py", `def handler(event, context):\n    import os\n    return os.listdir(${JSON.stringify(process.cwd())})\n`);
    expect(dataDir.status).toBe(502);
    expect(dataDir.body.errors[0].message).toMatch(/No such file or directory/);
    const env = await run("env.py", "def handler(event, context):\n    import os\n    return dict(os.environ)\n");
    expect(env.status).toBe(200);
    expect(Object.keys(env.body).sort()).toEqual(["LC_CTYPE", "PWD"]);
    await healthy();
  });

  it("cannot open a connection to 127.0.0.1 or the platform's own port", async () => {
    const port = new URL(p.t.url).port;
    const answer = await run("ssrf.py", `def handler(event, context):\n    import socket\n    socket.create_connection(('127.0.0.1', ${port}), timeout=1)\n    return 'connected'\n`);
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0].message).toMatch(/ConnectionRefusedError|Network is unreachable/);
    await healthy();
  });

  it("an endless loop and a sleeper are stopped at their limits (504)", async () => {
    const [loop, sleeper] = await Promise.all([
      run("loop.py", "def handler(event, context):\n    while True:\n        pass\n"),
      run("sleep.py", "def handler(event, context):\n    import time\n    time.sleep(60)\n"),
      healthy(),
    ]);
    expect(loop.status).toBe(504);
    expect(loop.body.errors[0]).toMatchObject({ extensions: { code: "FUNCTION_TIMEOUT" } });
    expect(sleeper.status).toBe(504);
    expect(sleeper.body.errors[0].message).toMatch(/did not answer within 4000 ms/);
    await healthy();
  });

  it("a memory bomb is stopped at its memory limit, a fork bomb cannot start a process", async () => {
    const memory = await run("memory.py", "def handler(event, context):\n    kept = []\n    while True:\n        kept.append(bytearray(1 << 20))\n");
    expect(memory.status).toBe(502);
    expect(memory.body.errors[0]).toMatchObject({ extensions: { code: "FUNCTION_MEMORY" } });
    const fork = await run("fork.py", "def handler(event, context):\n    import os\n    while True:\n        os.fork()\n");
    expect(fork.status).toBe(502);
    expect(fork.body.errors[0].message).toMatch(/PermissionError: \[Errno 1\] Operation not permitted/);
    const spawn = await run("spawn.py", "def handler(event, context):\n    import subprocess\n    return subprocess.run(['id'], capture_output=True).stdout.decode()\n");
    expect(spawn.status).toBe(502);
    await healthy();
  });

  it("a 100 MB result is refused, not sent; context.graphql says it is not available to Python", async () => {
    const huge = await run("huge.py", "def handler(event, context):\n    return 'x' * (100 * 1024 * 1024)\n");
    expect(huge.status).toBe(502);
    expect(huge.body.errors[0].extensions.code).toMatch(/FUNCTION_MEMORY|FUNCTION_RESULT_TOO_LARGE/);
    const bridge = await run("bridge.py", "def handler(event, context):\n    return context.graphql('{ listAuthor { items { id } } }')\n");
    expect(bridge.status).toBe(502);
    expect(bridge.body.errors[0].message).toMatch(/context.graphql is not available to Python functions/);
    await healthy();
  });
});
