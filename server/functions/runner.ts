import JSZip from "jszip";
import type { Db } from "../db/database";
import type { Limits } from "../limits/settings";
import type { ObjectStore } from "../storage/objectStore";
import { ResponseBudget } from "../graphqlKit/responseBudget";
import type { GraphqlHandler } from "../graphql/yoga";
import type { ProjectContext } from "../projectEndpoint/context";
import { createLoaders } from "../projectEndpoint/entries/loaders";
import type { FunctionRow } from "../projectEndpoint/files/store";
import { fileNameOf } from "../../src/domain/files";
import { functionLogTopic, recordInvocation } from "./logs";
import type { TriggerEventRow } from "./replay/events";
import { pythonUnavailable, runPython } from "./python/sandbox";
import { createSandboxPool, type InvocationOutcome, type SandboxLimits } from "./sandbox/pool";

/** How an invocation came about: its function URL, or a trigger of a table's operation. */
export type InvocationSource = { kind: "url" } | { kind: "flow"; flowId: string } | { kind: "trigger"; name: string; table: string; step: "before" | "after"; type: string; handler?: string | null };

/** Functions whose code was read lately, by object and upload time: a warm call reads no ZIP. */
const CODE_CACHE_SIZE = 100;

/** What QuickJS itself needs beside the function's own stack. */
const STACK_BYTES = 512 * 1024;
const LOG_MAX_BYTES = 64 * 1024;
const BRIDGE_CALLS_MAX = 100;

const sandboxLimits = (limits: Limits): SandboxLimits => ({
  cpuMs: limits.functionCpuMs,
  wallMs: limits.functionWallMs,
  memoryBytes: limits.functionMemoryBytes,
  stackBytes: STACK_BYTES,
  resultMaxBytes: limits.functionResultMaxBytes,
  logMaxBytes: LOG_MAX_BYTES,
  bridgeCallsMax: BRIDGE_CALLS_MAX,
});

/** What context.graphql answers during a replay: an error, as the project endpoint words one. */
const REPLAY_BRIDGE_REFUSAL = JSON.stringify({
  errors: [{ message: "context.graphql is not available during a replay: a replay writes and reads nothing of the project.", extensions: { code: "FORBIDDEN", messageId: "error_function_replay_bridge" } }],
});

const busy = (error: string): InvocationOutcome => ({ status: "busy", error, stdout: "", stderr: "", durationMs: 0, cpuMs: 0, memoryBytes: 0 });

/** The plain values of a handler's context: the function, its caller, the trigger that ran it. */
const contextOf = (ctx: ProjectContext, fn: FunctionRow, source: InvocationSource) => ({
  functionName: fn.key,
  caller: ctx.project.caller.kind,
  ...(source.kind === "trigger" ? { trigger: { name: source.name, table: source.table, step: source.step, type: source.type } } : {}),
});

const unsupported = (error: string): InvocationOutcome => ({ status: "unsupported", error, stdout: "", stderr: "", durationMs: 0, cpuMs: 0, memoryBytes: 0 });

/**
 * Runs a project's cloud functions in the sandbox (./sandbox/) and records each invocation
 * (./logs.ts). JavaScript runs in QuickJS, Python in bubblewrap (./python/) where this machine has
 * it; other runtimes are refused, never run outside a sandbox (docs/DECISIONS.md). The code's only way out is context.graphql, executed in-process by the
 * project's own endpoint as the invocation's caller, so every table right still applies.
 */
export function createFunctionRunner(deps: { db: Db; objects: ObjectStore; limits: Limits; projectYoga: () => GraphqlHandler }) {
  const pool = createSandboxPool({ atOnce: deps.limits.functionsAtOnce, perProjectAtOnce: deps.limits.functionsPerProjectAtOnce, limits: () => sandboxLimits(deps.limits) });
  const codes = new Map<string, string>();

  async function codeOf(fn: FunctionRow): Promise<string | null> {
    const cacheKey = `${fn.code_key}@${fn.updated_at}`;
    const cached = codes.get(cacheKey);
    if (cached !== undefined) return cached;
    const zipped = await deps.objects.get(fn.code_key);
    if (!zipped) return null;
    const zip = await JSZip.loadAsync(zipped);
    const file = zip.file(fileNameOf(fn.key)) ?? Object.values(zip.files).find((entry) => !entry.dir);
    if (!file) return null;
    const code = await file.async("string");
    if (codes.size >= CODE_CACHE_SIZE) codes.delete(codes.keys().next().value!);
    codes.set(cacheKey, code);
    return code;
  }

  /** context.graphql: the project endpoint, in-process, as the caller of the invocation. */
  function bridgeOf(ctx: ProjectContext, source: InvocationSource) {
    return async (query: string, variablesJson: string) => {
      const responseBudget = new ResponseBudget();
      const context: ProjectContext = {
        ...ctx,
        responseBudget,
        project: { ...ctx.project, loaders: createLoaders(deps.db, ctx.project.apiId, responseBudget), invokedBy: source.kind },
      };
      const response = await deps.projectYoga().fetch(
        `http://functions.internal/p/${ctx.project.apiId}/graphql`,
        { method: "POST", headers: { "content-type": "application/json" }, body: `{"query":${JSON.stringify(query)},"variables":${variablesJson}}` },
        context,
      );
      return await response.text();
    };
  }

  const pythonRunning = new Map<string, number>();
  let pythonAtOnce = 0;

  /** A Python function in its bubblewrap sandbox, within the same concurrency limits as JavaScript. */
  async function runPythonFunction(ctx: ProjectContext, fn: FunctionRow, event: unknown, source: InvocationSource): Promise<InvocationOutcome> {
    const why = await pythonUnavailable();
    if (why) return unsupported(why);
    const code = await codeOf(fn);
    if (code === null) return unsupported("The function's code could not be read; upload it again.");
    const { apiId } = ctx.project;
    if (pythonAtOnce >= deps.limits.functionsAtOnce) return busy("Too many functions are running on this platform right now. Please try again in a moment.");
    if ((pythonRunning.get(apiId) ?? 0) >= deps.limits.functionsPerProjectAtOnce) return busy(`This project already runs ${deps.limits.functionsPerProjectAtOnce} functions at once. Please try again in a moment.`);
    pythonAtOnce += 1;
    pythonRunning.set(apiId, (pythonRunning.get(apiId) ?? 0) + 1);
    try {
      return await runPython({ fileName: fileNameOf(fn.key), code, event, context: contextOf(ctx, fn, source), handlerName: source.kind === "trigger" ? source.handler ?? undefined : undefined }, sandboxLimits(deps.limits));
    } finally {
      pythonAtOnce -= 1;
      const left = (pythonRunning.get(apiId) ?? 1) - 1;
      if (left > 0) pythonRunning.set(apiId, left);
      else pythonRunning.delete(apiId);
    }
  }

  /** How the function ran: JavaScript in QuickJS, Python in bubblewrap, anything else refused. */
  async function run(ctx: ProjectContext, fn: FunctionRow, event: unknown, source: InvocationSource): Promise<InvocationOutcome> {
    if (fn.runtime === "python3.10") return runPythonFunction(ctx, fn, event, source);
    if (fn.runtime !== "nodejs18.x") {
      // Ruby and Go would need their interpreters inside an OS sandbox here; never unsandboxed.
      return unsupported(`The ${fn.runtime} runtime cannot run on this platform (it has no sandbox for it): only JavaScript (.js, .mjs, .cjs) and Python (.py) functions run here.`);
    }
    const code = await codeOf(fn);
    if (code === null) return unsupported("The function's code could not be read; upload it again.");
    return pool.invoke({
      apiId: ctx.project.apiId,
      fileName: fileNameOf(fn.key),
      code,
      event,
      context: contextOf(ctx, fn, source),
      graphql: bridgeOf(ctx, source),
      handlerName: source.kind === "trigger" ? source.handler ?? undefined : undefined,
    });
  }

  /** Runs the function with `event`; records and returns how it went. */
  async function invoke(ctx: ProjectContext, fn: FunctionRow, event: unknown, source: InvocationSource): Promise<InvocationOutcome> {
    const outcome = await run(ctx, fn, event, source);
    const sourceText = source.kind === "trigger" ? `trigger:${source.table}:${source.step}:${source.type}` : source.kind === "flow" ? `flow:${source.flowId}` : "url";
    const log = await recordInvocation(deps.db, ctx.project.apiId, fn.key, sourceText, outcome);
    // In-process, like the Logs screen's activities: a console watching this server sees it at once.
    ctx.pubsub.publish("functionLog:recorded", functionLogTopic(ctx.project.apiId, fn.key), log);
    return outcome;
  }

  /**
   * Runs a draft of the function (code not yet uploaded) against its kept trigger events, writing
   * nothing: no log, and context.graphql is refused (a replayed create must not create again).
   */
  async function replay(ctx: ProjectContext, fn: FunctionRow, draftCode: string, events: TriggerEventRow[]) {
    const results: { event: TriggerEventRow; outcome: InvocationOutcome }[] = [];
    // One at a time: a replay must not take the project's whole share of the sandbox.
    for (const event of events) {
      const outcome = await pool.invoke({
        apiId: ctx.project.apiId,
        fileName: fileNameOf(fn.key),
        code: draftCode,
        event: JSON.parse(event.event),
        context: { functionName: fn.key, caller: ctx.project.caller.kind, replay: true, trigger: { name: event.trigger_name, table: event.table_name, step: event.step, type: event.type } },
        graphql: async () => REPLAY_BRIDGE_REFUSAL,
        handlerName: event.handler ?? undefined,
      });
      results.push({ event, outcome });
    }
    return results;
  }

  return { invoke, replay, limits: () => sandboxLimits(deps.limits), close: () => pool.close() };
}

export type FunctionRunner = ReturnType<typeof createFunctionRunner>;
