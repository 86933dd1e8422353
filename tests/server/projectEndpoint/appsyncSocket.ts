import WebSocket from "ws";

/** A raw client of AppSync's realtime protocol: every message it hears, and waits with a timeout. */
export interface AppsyncSocket {
  ws: WebSocket;
  heard: any[];
  /** The first message heard (now or later) that matches; fails after `timeoutMs`. */
  next(match: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  send(message: object): void;
  closed: Promise<{ code: number; reason: string }>;
}

export async function openAppsyncSocket(url: string, protocols: string[] = ["graphql-ws"]): Promise<AppsyncSocket> {
  const ws = new WebSocket(url, protocols);
  const heard: any[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    heard.push(JSON.parse(String(data)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    heard,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = heard.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching message within ${timeoutMs} ms; heard ${JSON.stringify(heard).slice(0, 2000)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** The headers object as AppSync clients encode it: base64url for the subprotocol, base64 for `?header=`. */
export const encodeHeader = (headers: Record<string, string>, urlSafe = true) =>
  Buffer.from(JSON.stringify(headers)).toString(urlSafe ? "base64url" : "base64");
