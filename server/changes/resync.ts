import type { WebSocket } from "ws";
import { refuse } from "../graphqlKit/errors";
import { messagesFor } from "../i18n";
import { RESYNC_CLOSE_CODE, RESYNC_CLOSE_REASON } from "./resume";

/**
 * A graphql-ws subscription whose socket resumes from a sequence the change log cannot replay
 * everything after: the socket closes with RESYNC_CLOSE_CODE (its `lastSequence` is the
 * socket's, so every subscription on it is affected), and the subscription is refused saying why.
 * The client reconnects without `lastSequence` and reloads its data instead of missing events.
 */
export function resyncRefusal(socket: WebSocket) {
  socket.close(RESYNC_CLOSE_CODE, RESYNC_CLOSE_REASON);
  return [refuse("CONFLICT", "error_changes_resync", messagesFor("en").error_changes_resync ?? RESYNC_CLOSE_REASON)];
}
