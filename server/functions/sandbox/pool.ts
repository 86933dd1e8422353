import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { commonJsExpression, sourceKindOf } from "./source";

/** What one invocation may use; every number comes from LIMITS (server/limits/settings.ts). */
export interface SandboxLimits {
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  stackBytes: number;
  resultMaxBytes: number;
  logMaxBytes: number;
  bridgeCallsMax: number;
}

/** ok, or why the invocation failed: its own error, a limit it passed, or a refusal to start. */
export type InvocationStatus = "ok" | "error" | "timeout" | "memory" | "stack" | "too_large" | "busy" | "unsupported";

export interface InvocationOutcome {
  status: InvocationStatus;
  /** The handler's result as JSON text (status ok). */
  resultJson?: string;
  error?: string;
  stdout: string;
  stderr: string;
  durationMs: number;
  cpuMs: number;
  memoryBytes: number;
}

export interface SandboxRun {
  apiId: string;
  fileName: string;
  code: string;
  event: unknown;
  /** Plain values the handler's context carries beside graphql (function name, caller kind). */
  context: Record<string, unknown>;
  /** The export to call when it is not `handler` or the default export (a trigger's handler setting). */
  handlerName?: string;
  /** context.graphql: the project's own endpoint as the invocation's caller; answers JSON text. */
  graphql: (query: string, variablesJson: string) => Promise<string>;
}

interface Busy {
  worker: Worker;
  runId: number;
  run: SandboxRun;
  finish: (outcome: InvocationOutcome) => void;
  killTimer: NodeJS.Timeout;
}

/** The worker script: beside the bundle when built (scripts/build-server.mjs), else beside this file. */
function workerUrl() {
  const bundled = new URL("./functionWorker.mjs", import.meta.url);
  return existsSync(fileURLToPath(bundled)) ? bundled : new URL("./worker.mjs", import.meta.url);
}

/** A worker that answers nothing this long after the wall limit is ended from outside. */
const KILL_GRACE_MS = 2000;

/**
 * The sandbox's workers and its two concurrency limits: at most `atOnce` invocations on this
 * platform and `perProjectAtOnce` of one project. An invocation beyond either is refused at once
 * ('busy') rather than queued, so a burst cannot pile up waiting work (docs/DECISIONS.md).
 */
export function createSandboxPool(options: { atOnce: number; perProjectAtOnce: number; limits: () => SandboxLimits }) {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Busy>();
  const runningPerProject = new Map<string, number>();
  let nextRunId = 1;

  function spawn() {
    const worker = new Worker(workerUrl());
    worker.unref();
    worker.on("message", (message: { type: string; runId: number; callId?: number; query?: string; variables?: string; outcome?: InvocationOutcome & { broken?: boolean } }) => {
      const current = busy.get(worker);
      if (!current || current.runId !== message.runId) return;
      if (message.type === "graphql") {
        current.run.graphql(message.query ?? "", message.variables ?? "{}").then(
          (answer) => worker.postMessage({ type: "graphql-answer", callId: message.callId, answer }),
          (error: unknown) => worker.postMessage({ type: "graphql-answer", callId: message.callId, error: error instanceof Error ? error.message : String(error) }),
        );
      } else if (message.type === "done" && message.outcome) {
        const { broken, ...outcome } = message.outcome;
        release(worker, broken ? "drop" : "keep");
        current.finish(outcome);
      }
    });
    worker.on("error", () => fail(worker, "The function's sandbox stopped unexpectedly."));
    worker.on("exit", () => fail(worker, "The function's sandbox stopped unexpectedly."));
    return worker;
  }

  function fail(worker: Worker, message: string, status: InvocationStatus = "error") {
    const current = busy.get(worker);
    release(worker, "drop");
    current?.finish({ status, error: message, stdout: "", stderr: "", durationMs: 0, cpuMs: 0, memoryBytes: 0 });
  }

  function release(worker: Worker, fate: "keep" | "drop") {
    const current = busy.get(worker);
    if (current) {
      clearTimeout(current.killTimer);
      busy.delete(worker);
      const left = (runningPerProject.get(current.run.apiId) ?? 1) - 1;
      if (left > 0) runningPerProject.set(current.run.apiId, left);
      else runningPerProject.delete(current.run.apiId);
    }
    const known = idle.indexOf(worker);
    if (fate === "drop") {
      if (known >= 0) idle.splice(known, 1);
      void worker.terminate();
    } else if (known < 0) idle.push(worker);
  }

  /** Runs one invocation, or refuses it at once when a concurrency limit is reached. */
  function invoke(run: SandboxRun): Promise<InvocationOutcome> {
    const limits = options.limits();
    if (busy.size >= options.atOnce) return Promise.resolve(refusedBusy("Too many functions are running on this platform right now. Please try again in a moment."));
    if ((runningPerProject.get(run.apiId) ?? 0) >= options.perProjectAtOnce) {
      return Promise.resolve(refusedBusy(`This project already runs ${options.perProjectAtOnce} functions at once. Please try again in a moment.`));
    }
    const worker = idle.pop() ?? spawn();
    const runId = nextRunId++;
    runningPerProject.set(run.apiId, (runningPerProject.get(run.apiId) ?? 0) + 1);
    const kind = sourceKindOf(run.fileName, run.code);
    return new Promise((finish) => {
      const killTimer = setTimeout(() => fail(worker, `The function did not answer within ${limits.wallMs} ms.`, "timeout"), limits.wallMs + KILL_GRACE_MS);
      busy.set(worker, { worker, runId, run, finish, killTimer });
      worker.postMessage({
        type: "run",
        runId,
        fileName: run.fileName,
        kind,
        code: kind === "module" ? run.code : commonJsExpression(run.code),
        eventJson: JSON.stringify(run.event ?? null),
        contextJson: JSON.stringify(run.context),
        handlerName: run.handlerName ?? "",
        limits,
      });
    });
  }

  async function close() {
    await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    idle.length = 0;
    busy.clear();
  }

  return { invoke, close };
}

const refusedBusy = (error: string): InvocationOutcome => ({ status: "busy", error, stdout: "", stderr: "", durationMs: 0, cpuMs: 0, memoryBytes: 0 });

export type SandboxPool = ReturnType<typeof createSandboxPool>;
