import type { ComponentProps } from "react";
import { getOperationAST, parse, type OperationDefinitionNode } from "graphql";
import type { GraphiQL } from "graphiql";
import { createClient, type Client } from "graphql-ws";

export type Fetcher = ComponentProps<typeof GraphiQL>["fetcher"];
type Headers = Record<string, string>;

/** What GraphiQL shows for a request the playground could not send. */
const failure = (message: string) => ({ errors: [{ message }] });

/**
 * GraphiQL's fetcher for the project's endpoint as one identity: queries and mutations over
 * HTTP, subscriptions over graphql-ws on the same path (the server reads the identity from the
 * connection params there, as browsers cannot set a WebSocket's headers). `headers` is asked for
 * every request, so a member's or pool user's token is always the current one.
 */
export function playgroundFetcher(endpoint: string, headers: () => Promise<Headers | null>, signInNeeded: string) {
  let socket: Client | null = null;
  const subscriptions = () => {
    if (!socket) {
      const url = new URL(endpoint, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = createClient({ url: url.toString(), lazy: true, retryAttempts: 0, connectionParams: async () => (await headers()) ?? {} });
    }
    return socket;
  };

  const fetcher: Fetcher = (sent, options) => {
    const operation = operationToRun(sent.query, sent.operationName);
    const params = operation?.name ? { ...sent, operationName: operation.name.value } : sent;
    if (operation?.operation === "subscription") {
      return {
        subscribe(observer: { next(value: unknown): void; error(error: unknown): void; complete(): void }) {
          let dispose: (() => void) | null = null;
          let stopped = false;
          void headers().then((identity) => {
            if (stopped) return;
            if (!identity) {
              observer.next(failure(signInNeeded));
              return observer.complete();
            }
            dispose = subscriptions().subscribe(params as { query: string }, {
              next: (value) => observer.next(value),
              error: (error) => observer.next(failure(socketError(error))),
              complete: () => observer.complete(),
            });
          });
          return {
            unsubscribe() {
              stopped = true;
              dispose?.();
            },
          };
        },
      } as never;
    }
    return (async () => {
      const identity = await headers();
      if (!identity) return failure(signInNeeded);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...options?.headers, ...identity },
        body: JSON.stringify(params),
      });
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        return failure(`${response.status} ${response.statusText}: ${text.slice(0, 200)}`);
      }
    })();
  };

  return {
    fetcher,
    /** Closes the identity's socket (a new identity, or leaving the page). */
    dispose() {
      void socket?.dispose();
      socket = null;
    },
  };
}

/**
 * The operation a run means, read from the text GraphiQL sends. GraphiQL's own reading of the
 * editor (its documentAST and operationName) is debounced by 100 ms, so a run right after an
 * edit would see the previous text's operation: a subscription typed and run at once went over
 * HTTP. A name the text no longer has gives way to the text's only operation. Text that does not
 * parse gives null, and the endpoint answers with the syntax error.
 */
export function operationToRun(query: string, operationName: string | null | undefined): OperationDefinitionNode | null {
  let document;
  try {
    document = parse(query);
  } catch {
    return null;
  }
  return (operationName ? getOperationAST(document, operationName) : null) ?? getOperationAST(document) ?? null;
}

function socketError(error: unknown): string {
  if (Array.isArray(error)) return error.map((item) => (item as { message?: string }).message ?? String(item)).join("\n");
  if (error && typeof error === "object" && "code" in error) {
    const closed = error as { code: number; reason?: string };
    return `WebSocket closed (${closed.code}${closed.reason ? `: ${closed.reason}` : ""})`;
  }
  return error instanceof Error ? error.message : "WebSocket error";
}
