import { exportCredentials, hasStoredCredentials, importCredentials } from "./credentialStorage";
import { isSignedOutPath } from "./signedOutPaths";

/*
 * Credentials live in session storage (spec §3), so a console link opened in a new tab would
 * ask to sign in again. Instead the new tab asks the open tabs of this origin over a
 * BroadcastChannel, and one that is signed in hands over a copy of its credentials.
 */
const CHANNEL = "baukasten-session";
/**
 * How long a new tab waits for an answer. An idle tab answers within milliseconds, but one busy
 * loading a page may take a second: a console link is worth that wait. The sign-in pages, where a
 * new visitor starts, show at once, and the start page waits only briefly.
 */
function patience(pathname: string): number {
  if (isSignedOutPath(pathname)) return 0;
  return pathname === "/" ? 300 : 1500;
}

type Message = { type: "request" } | { type: "credentials"; entries: [string, string][] };

let offering: BroadcastChannel | undefined;

/** Answers other tabs' requests while this tab is signed in. */
export function offerSession() {
  if (offering || typeof BroadcastChannel === "undefined") return;
  offering = new BroadcastChannel(CHANNEL);
  offering.onmessage = (event: MessageEvent<Message>) => {
    if (event.data?.type === "request" && hasStoredCredentials()) {
      offering!.postMessage({ type: "credentials", entries: exportCredentials() } satisfies Message);
    }
  };
}

/** A tab without credentials asks the open ones; true when one handed its session over. */
export function takeOverSession(): Promise<boolean> {
  const wait = patience(location.pathname);
  if (hasStoredCredentials() || typeof BroadcastChannel === "undefined" || wait === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const finish = (taken: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => finish(false), wait);
    channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.type !== "credentials") return;
      importCredentials(event.data.entries);
      finish(hasStoredCredentials());
    };
    channel.postMessage({ type: "request" } satisfies Message);
  });
}
