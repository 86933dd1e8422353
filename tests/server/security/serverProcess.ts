import { spawn, type ChildProcess } from "node:child_process";
import { TEST_MAILBOX_TOKEN } from "../harness";

/** `npm start`'s server as its own process (through tsx), for what only processes show: locks, files, kill -9. */
export class ServerProcess {
  readonly child: ChildProcess;
  output = "";
  readonly exited: Promise<number | null>;

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, PORT: String(port), MAILBOX_TOKEN: TEST_MAILBOX_TOKEN, LOG_LEVEL: "info", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (chunk) => (this.output += chunk));
    this.child.stderr!.on("data", (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Resolves once /healthz answers; rejects if the process exits first. */
  async ready(timeoutMs = 150_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
      const ok = await fetch(`${this.url}/healthz`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not start: ${this.output}`);
  }

  kill(signal: NodeJS.Signals = "SIGKILL") {
    this.child.kill(signal);
    return this.exited;
  }
}

export function authCall(base: string, target: string, body: Record<string, unknown>) {
  return fetch(`${base}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify({ ClientId: "baukasten-console", ...body }),
  });
}
