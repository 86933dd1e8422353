// One sandbox worker thread: runs cloud functions in QuickJS (WebAssembly), one at a time, each
// in a fresh runtime and context. It is plain JavaScript because a worker thread is started by
// Node itself, in tests as in the bundle (scripts/build-server.mjs copies it beside the server).
// A worker of its own keeps the platform's event loop free while a function computes: an
// endless loop delays only its own invocation until the interrupt handler stops it.
//
// What the code inside can reach: its handler's arguments, console (captured), and
// context.graphql, answered by the main thread as the function's caller. QuickJS has no file,
// process or network API, and none is added here.
import { parentPort } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from "quickjs-emscripten";

/** Runs once before the user's code; returns the function that calls the handler. */
const PRELUDE = `(() => {
  const log = globalThis.__log, graphql = globalThis.__graphql;
  delete globalThis.__log; delete globalThis.__graphql;
  const show = (value) => { if (typeof value === "string") return value; try { const text = JSON.stringify(value); return text === undefined ? String(value) : text; } catch { return String(value); } };
  const write = (stream) => (...values) => log(stream, values.map(show).join(" "));
  globalThis.console = { log: write("out"), info: write("out"), debug: write("out"), warn: write("err"), error: write("err") };
  const unavailable = (what) => () => { throw new Error(what + " is not available in a function: it reaches its project only through context.graphql(query, variables)."); };
  globalThis.require = unavailable("require");
  globalThis.fetch = unavailable("fetch");
  const handlerOf = (exported, name) => {
    if (typeof exported === "function") return exported;
    if (!exported) return undefined;
    if (name && typeof exported[name] === "function") return exported[name];
    if (typeof exported.handler === "function") return exported.handler;
    if (typeof exported.default === "function") return exported.default;
    if (exported.default && typeof exported.default.handler === "function") return exported.default.handler;
    return undefined;
  };
  return (exports, eventJson, contextJson, handlerName) => (async () => {
    const handler = handlerOf(await exports, handlerName);
    if (!handler) throw new Error("The function exports no handler: write exports.handler = async (event, context) => … or export const handler = ….");
    const context = Object.freeze({ ...JSON.parse(contextJson), graphql: async (query, variables) => JSON.parse(await graphql(String(query), JSON.stringify(variables ?? {}))) });
    const result = await handler(JSON.parse(eventJson), context);
    return JSON.stringify(result === undefined ? null : result);
  })();
})()`;

const MAX_ERROR_CHARS = 2000;

/**
 * The worker's QuickJS module, on a WebAssembly memory that cannot grow beyond the function's
 * memory limit: QuickJS's own malloc limit is not enforced in this build (it cannot measure its
 * blocks), so the memory's maximum is the limit, and an allocation beyond it is QuickJS's
 * ordinary "out of memory" error. One function runs at a time, so the heap is the invocation's.
 */
const WASM_PAGE = 65536;
/** What the module itself starts with (its declared initial memory). */
const BASE_PAGES = 256;
let quickJs = null;
function loadQuickJs(memoryBytes) {
  if (quickJs && quickJs.memoryBytes === memoryBytes) return quickJs;
  const memory = new WebAssembly.Memory({ initial: BASE_PAGES, maximum: BASE_PAGES + Math.ceil(memoryBytes / WASM_PAGE) });
  quickJs = { memoryBytes, memory, module: newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory: memory, emscriptenModule: { print: () => {}, printErr: () => {} } })) };
  return quickJs;
}
/** A worker whose memory grew this far past its start is replaced, so idle workers stay small. */
const RECYCLE_GROWTH_BYTES = 16 * 1024 * 1024;

/** stdout and stderr, each kept up to `maxBytes`. */
function logCollector(maxBytes) {
  const streams = { out: { text: "", full: false }, err: { text: "", full: false } };
  return {
    add(stream, line) {
      const target = streams[stream === "err" ? "err" : "out"];
      if (target.full) return;
      const next = target.text + line + "\n";
      if (Buffer.byteLength(next) > maxBytes) {
        target.text = next.slice(0, maxBytes) + "\n… (output cut at the log limit)\n";
        target.full = true;
      } else target.text = next;
    },
    stdout: () => streams.out.text,
    stderr: () => streams.err.text,
  };
}

/** A QuickJS error value as the kind of failure and a message a user can act on. */
function failureOf(dumped, limits) {
  const name = dumped && typeof dumped === "object" ? String(dumped.name ?? "Error") : "Error";
  const message = dumped && typeof dumped === "object" && "message" in dumped ? String(dumped.message) : String(dumped);
  if (name === "InternalError" && message === "interrupted") return { kind: "timeout", message: `The function ran longer than its time limit of ${limits.cpuMs} ms of computing.` };
  if (name === "InternalError" && message === "out of memory") return { kind: "memory", message: `The function used more than its memory limit of ${Math.round(limits.memoryBytes / 1048576)} MB.` };
  if (name === "InternalError" && message === "stack overflow") return { kind: "stack", message: "The function's calls nested too deep (stack overflow)." };
  const text = `${name}: ${message}`;
  return { kind: "error", message: text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text };
}

let nextCallId = 1;
/** Bridge calls waiting for the main thread's answer, by call id. */
const waiting = new Map();

function askMainThread(runId, query, variables) {
  const callId = nextCallId++;
  return new Promise((resolve, reject) => {
    waiting.set(callId, { resolve, reject });
    parentPort.postMessage({ type: "graphql", runId, callId, query, variables });
  });
}

async function run(message) {
  const { runId, fileName, kind, code, eventJson, contextJson, handlerName, limits } = message;
  const loaded = loadQuickJs(limits.memoryBytes);
  const QuickJS = await loaded.module;
  const memoryCap = (BASE_PAGES * WASM_PAGE) + Math.ceil(limits.memoryBytes / WASM_PAGE) * WASM_PAGE;
  const started = performance.now();
  const logs = logCollector(limits.logMaxBytes);
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  // CPU time: only the slices in which QuickJS computes count, not the waits on context.graphql.
  let spent = 0;
  let sliceStart = 0;
  runtime.setInterruptHandler(() => sliceStart > 0 && spent + (performance.now() - sliceStart) > limits.cpuMs);
  const inSlice = (work) => {
    sliceStart = performance.now();
    try {
      return work();
    } finally {
      spent += performance.now() - sliceStart;
      sliceStart = 0;
    }
  };
  const vm = runtime.newContext();
  const deferreds = new Set();
  let finished = false;
  let failFromJobs = null;
  const jobFailed = new Promise((resolve) => (failFromJobs = resolve));
  const runJobs = () => {
    if (finished) return;
    const result = inSlice(() => runtime.executePendingJobs());
    if (result.error) {
      const dumped = vm.dump(result.error);
      result.error.dispose();
      failFromJobs(failureOf(dumped, limits));
    } else result.dispose?.();
  };
  let bridgeCalls = 0;
  let memoryBytes = 0;
  let outcome;
  let wallTimer;
  try {
    const logFn = vm.newFunction("__log", (stream, text) => {
      logs.add(vm.getString(stream), vm.getString(text));
    });
    vm.setProp(vm.global, "__log", logFn);
    logFn.dispose();
    const graphqlFn = vm.newFunction("__graphql", (queryHandle, variablesHandle) => {
      const deferred = vm.newPromise();
      deferreds.add(deferred);
      const query = vm.getString(queryHandle);
      const variables = vm.getString(variablesHandle);
      bridgeCalls += 1;
      const answered = bridgeCalls > limits.bridgeCallsMax
        ? Promise.reject(new Error(`A function may call context.graphql at most ${limits.bridgeCallsMax} times.`))
        : askMainThread(runId, query, variables);
      answered.then(
        (answer) => {
          if (finished) return;
          const text = vm.newString(answer);
          deferred.resolve(text);
          text.dispose();
        },
        (error) => {
          if (finished) return;
          const value = vm.newError(String(error?.message ?? error));
          deferred.reject(value);
          value.dispose();
        },
      ).finally(() => {
        if (finished) return;
        deferreds.delete(deferred);
        deferred.dispose();
        runJobs();
      });
      return deferred.handle;
    });
    vm.setProp(vm.global, "__graphql", graphqlFn);
    graphqlFn.dispose();

    const invoke = vm.unwrapResult(inSlice(() => vm.evalCode(PRELUDE, "prelude.js")));
    const loaded = inSlice(() => (kind === "module" ? vm.evalCode(code, fileName, { type: "module" }) : vm.evalCode(code, fileName)));
    if (loaded.error) {
      const dumped = vm.dump(loaded.error);
      loaded.error.dispose();
      invoke.dispose();
      throw { failure: failureOf(dumped, limits) };
    }
    const eventHandle = vm.newString(eventJson);
    const contextHandle = vm.newString(contextJson);
    const nameHandle = vm.newString(handlerName ?? "");
    const called = inSlice(() => vm.callFunction(invoke, vm.undefined, loaded.value, eventHandle, contextHandle, nameHandle));
    for (const handle of [invoke, loaded.value, eventHandle, contextHandle, nameHandle]) handle.dispose();
    if (called.error) {
      const dumped = vm.dump(called.error);
      called.error.dispose();
      throw { failure: failureOf(dumped, limits) };
    }
    const settled = vm.resolvePromise(called.value);
    called.value.dispose();
    runJobs();
    const wall = new Promise((resolve) => {
      wallTimer = setTimeout(() => resolve({ failure: { kind: "timeout", message: `The function did not answer within ${limits.wallMs} ms.` } }), limits.wallMs);
    });
    const first = await Promise.race([settled.then((result) => ({ result })), jobFailed.then((failure) => ({ failure })), wall]);
    if (first.failure) throw first;
    const { result } = first;
    if (result.error) {
      const dumped = vm.dump(result.error);
      result.error.dispose();
      throw { failure: failureOf(dumped, limits) };
    }
    const text = result.value;
    try {
      if (vm.typeof(text) !== "string") throw { failure: { kind: "error", message: "The function's result could not be turned into JSON." } };
      const lengthHandle = vm.getProp(text, "length");
      const length = vm.getNumber(lengthHandle);
      lengthHandle.dispose();
      if (length > limits.resultMaxBytes) throw { failure: resultTooLarge(limits) };
      const json = vm.getString(text);
      if (Buffer.byteLength(json) > limits.resultMaxBytes) throw { failure: resultTooLarge(limits) };
      outcome = { status: "ok", resultJson: json };
    } finally {
      text.dispose();
    }
  } catch (thrown) {
    let failure = thrown && thrown.failure ? thrown.failure : { kind: "error", message: String(thrown?.message ?? thrown) };
    // Out of memory can leave QuickJS unable even to build its error: the memory tells.
    if (failure.kind === "error" && loaded.memory.buffer.byteLength >= memoryCap - WASM_PAGE) failure = failureOf({ name: "InternalError", message: "out of memory" }, limits);
    outcome = { status: failure.kind, error: failure.message };
  } finally {
    clearTimeout(wallTimer);
    finished = true;
    try {
      const usage = runtime.computeMemoryUsage();
      memoryBytes = vm.dump(usage).memory_used_size ?? 0;
      usage.dispose();
    } catch {
      memoryBytes = 0;
    }
    for (const deferred of deferreds) {
      try {
        deferred.dispose();
      } catch {
        /* already settled */
      }
    }
  }
  let broken = loaded.memory.buffer.byteLength > BASE_PAGES * WASM_PAGE + RECYCLE_GROWTH_BYTES;
  try {
    vm.dispose();
    runtime.dispose();
  } catch {
    // Left-over handles after an interrupted run: this worker's module is not trusted again.
    broken = true;
  }
  return { ...outcome, stdout: logs.stdout(), stderr: logs.stderr(), durationMs: Math.round(performance.now() - started), cpuMs: Math.round(spent), memoryBytes, broken };
}

const resultTooLarge = (limits) => ({ kind: "too_large", message: `The function's result is larger than ${limits.resultMaxBytes} bytes.` });

parentPort.on("message", (message) => {
  if (message.type === "run") {
    run(message).then(
      (outcome) => parentPort.postMessage({ type: "done", runId: message.runId, outcome }),
      (error) => parentPort.postMessage({ type: "done", runId: message.runId, outcome: { status: "error", error: String(error?.message ?? error), stdout: "", stderr: "", durationMs: 0, cpuMs: 0, memoryBytes: 0, broken: true } }),
    );
  } else if (message.type === "graphql-answer") {
    const call = waiting.get(message.callId);
    waiting.delete(message.callId);
    if (!call) return;
    if (message.error) call.reject(new Error(message.error));
    else call.resolve(message.answer);
  }
});
