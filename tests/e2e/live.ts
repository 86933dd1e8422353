import type { Page } from "@playwright/test";

/**
 * Resolves once `page` has asked its websocket for `operation`'s live events (the graphql-ws
 * subscribe message). A browser that must hear another's write waits for this first: an event
 * published before the server knows the subscription reaches nobody, and under load opening the
 * socket can take longer than the other browser takes to save. Call it before the
 * navigation that subscribes.
 */
export function subscribed(page: Page, operation: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framesent", (frame) => {
        if (typeof frame.payload !== "string") return;
        const message = JSON.parse(frame.payload) as { type?: string; payload?: { operationName?: string } };
        if (message.type === "subscribe" && message.payload?.operationName === operation) resolve();
      }),
    );
  });
}
