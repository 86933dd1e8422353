import type { Page } from "@playwright/test";

type Listener = (operation: string) => void;

/** Per page, who waits for the next subscribe messages its websockets send. */
const listeners = new WeakMap<Page, Set<Listener>>();

/**
 * Starts hearing the subscribe messages of every websocket `page` opens from now on. The `page`
 * fixture does this as the page is made (platform.ts): a socket opened before anyone listened,
 * such as the one GraphiQL keeps for its subscriptions, would otherwise never be heard.
 */
export function hearSubscriptions(page: Page): Set<Listener> {
  let heard = listeners.get(page);
  if (heard) return heard;
  const created = new Set<Listener>();
  listeners.set(page, created);
  page.on("websocket", (socket) =>
    socket.on("framesent", (frame) => {
      if (typeof frame.payload !== "string") return;
      const message = JSON.parse(frame.payload) as { type?: string; payload?: { operationName?: string } };
      if (message.type !== "subscribe" || !message.payload?.operationName) return;
      for (const listener of created) listener(message.payload.operationName);
    }),
  );
  return created;
}

/**
 * Resolves once `page` has asked its websocket for `operation`'s live events (the graphql-ws
 * subscribe message), sent after this call. A browser that must hear another's write waits for
 * this first: an event published before the server knows the subscription reaches nobody, and
 * under load opening the socket can take longer than the other browser takes to save. Call it
 * before the step that subscribes; it fails after `timeout` instead of holding the test.
 */
export function subscribed(page: Page, operation: string, timeout = 60_000): Promise<void> {
  const heard = hearSubscriptions(page);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      heard.delete(listener);
      reject(new Error(`the page sent no subscribe message for ${operation} within ${timeout / 1000} s`));
    }, timeout);
    const listener: Listener = (name) => {
      if (name !== operation) return;
      clearTimeout(timer);
      heard.delete(listener);
      resolve();
    };
    heard.add(listener);
  });
}
