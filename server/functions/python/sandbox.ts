import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { InvocationOutcome, SandboxLimits } from "../sandbox/pool";
import { LAUNCHER } from "./launcher";
import { noProcessesFilter } from "./noProcesses";

const BWRAP = "/usr/bin/bwrap";
const PYTHON = "/usr/bin/python3";

/** What the interpreter itself maps beside the function's own memory (its address-space limit is both). */
const INTERPRETER_BYTES = 64 * 1024 * 1024;

/**
 * The sandbox: nothing shared with the host (no network, no pids, no IPC; --unshare-all), only
 * /usr read-only, an empty /tmp, no environment, dying with the platform, as nobody without
 * capabilities, and unable to start a process or thread (./noProcesses.ts, read from fd 3).
 * No /etc, no data directory, no home: the function sees an almost empty machine.
 */
const BWRAP_ARGS = [
  "--unshare-all",
  "--unshare-user",
  "--uid", "65534",
  "--gid", "65534",
  "--cap-drop", "ALL",
  "--seccomp", "3",
  "--die-with-parent",
  "--new-session",
  "--clearenv",
  "--ro-bind", "/usr", "/usr",
  "--symlink", "usr/lib", "/lib",
  "--symlink", "usr/lib64", "/lib64",
  "--symlink", "usr/bin", "/bin",
  "--tmpfs", "/tmp",
  "--proc", "/proc",
  "--dev", "/dev",
  "--chdir", "/tmp",
  "--",
  PYTHON, "-I", "-S", "-c", LAUNCHER,
];

let availability: Promise<string | null> | undefined;

const PROBE_LIMITS = { cpuMs: 5000, wallMs: 10_000, memoryBytes: 32 * 1024 * 1024, stackBytes: 0, resultMaxBytes: 1024, logMaxBytes: 4096, bridgeCallsMax: 0 };

/**
 * Why Python cannot run here (bubblewrap or python3 missing, or the sandbox refused to start,
 * e.g. without user namespaces), or null when it can: probed once with a trivial function.
 */
export function pythonUnavailable(): Promise<string | null> {
  availability ??= (async () => {
    if (!existsSync(BWRAP)) return "Python functions need bubblewrap (/usr/bin/bwrap, Debian package bubblewrap) to run sandboxed, and this machine has none.";
    if (!existsSync(PYTHON)) return "Python functions need python3 (/usr/bin/python3), and this machine has none.";
    const probe = await runPython({ fileName: "probe.py", code: "def handler(event, context):\n    return 1\n", event: null, context: {} }, PROBE_LIMITS);
    return probe.status === "ok" ? null : `Python functions cannot be sandboxed on this machine: bubblewrap failed (${probe.error}).`;
  })();
  return availability;
}

export interface PythonRun {
  fileName: string;
  code: string;
  event: unknown;
  context: Record<string, unknown>;
  handlerName?: string;
}

/** One Python invocation in its own bubblewrap sandbox, ended from outside at the wall limit. */
export function runPython(run: PythonRun, limits: SandboxLimits): Promise<InvocationOutcome> {
  const started = performance.now();
  return new Promise((finish) => {
    const child = spawn(BWRAP, BWRAP_ARGS, { stdio: ["pipe", "pipe", "pipe", "pipe"] });
    const filter = child.stdio[3] as NodeJS.WritableStream & { on: (event: string, listener: () => void) => void };
    filter.on("error", () => {});
    filter.end(noProcessesFilter());
    const outputMax = limits.resultMaxBytes + 2 * limits.logMaxBytes + 64 * 1024;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let ended: InvocationOutcome["status"] | null = null;
    const end = (status: InvocationOutcome["status"]) => {
      ended ??= status;
      child.kill("SIGKILL");
    };
    const wallTimer = setTimeout(() => end("timeout"), limits.wallMs);
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > outputMax) end("too_large");
      else stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < limits.logMaxBytes) stderr += chunk.toString("utf8");
    });
    child.stdin.on("error", () => {});
    child.on("error", (error) => {
      clearTimeout(wallTimer);
      finish(failed("error", `The Python sandbox could not start: ${error.message}`, started));
    });
    child.on("close", (code, signal) => {
      clearTimeout(wallTimer);
      if (ended === "timeout") return finish(failed("timeout", `The function did not answer within ${limits.wallMs} ms.`, started));
      if (ended === "too_large") return finish(failed("too_large", `The function's result is larger than ${limits.resultMaxBytes} bytes.`, started));
      // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard one.
      if (signal === "SIGXCPU" || signal === "SIGKILL" || code === 152 || code === 137) {
        return finish(failed("timeout", `The function ran longer than its time limit of ${limits.cpuMs} ms of computing.`, started));
      }
      let answer: { status: InvocationOutcome["status"]; result?: string; error?: string; stdout: string; stderr: string; cpuMs: number; memoryBytes: number };
      try {
        answer = JSON.parse(Buffer.concat(stdout).toString("utf8"));
      } catch {
        return finish(failed("error", `The Python function ended without an answer (exit ${code ?? signal}). ${stderr.slice(0, 2000)}`.trim(), started));
      }
      // A function that answered after its CPU limit (below RLIMIT_CPU's whole seconds) is late all the same.
      const cpuOver = answer.status === "ok" && answer.cpuMs > limits.cpuMs;
      finish({
        status: cpuOver ? "timeout" : answer.status,
        ...(answer.status === "ok" && !cpuOver ? { resultJson: answer.result } : {}),
        ...(cpuOver ? { error: `The function ran longer than its time limit of ${limits.cpuMs} ms of computing.` } : answer.error ? { error: answer.error } : {}),
        stdout: answer.stdout ?? "",
        stderr: (answer.stderr ?? "") + stderr,
        durationMs: Math.round(performance.now() - started),
        cpuMs: answer.cpuMs,
        memoryBytes: answer.memoryBytes,
      });
    });
    child.stdin.end(
      JSON.stringify({
        code: run.code,
        fileName: run.fileName,
        event: run.event ?? null,
        context: run.context,
        handler: run.handlerName ?? "",
        limits: { cpuMs: limits.cpuMs, memoryBytes: limits.memoryBytes, addressSpaceBytes: limits.memoryBytes + INTERPRETER_BYTES, resultMaxBytes: limits.resultMaxBytes, logMaxBytes: limits.logMaxBytes },
      }),
    );
  });
}

const failed = (status: InvocationOutcome["status"], error: string, started: number): InvocationOutcome => ({
  status,
  error,
  stdout: "",
  stderr: "",
  durationMs: Math.round(performance.now() - started),
  cpuMs: 0,
  memoryBytes: 0,
});
