import type { WebSocket } from "ws";

/**
 * graphql-ws close codes: after 4401 (Unauthorized) the client gives up, as it must once the
 * sign-in was revoked; after 4403 (Forbidden) it reconnects, asking for a fresh token first,
 * which is right for a token that merely expired.
 */
const SESSION_ENDED = { code: 4401, reason: "Session ended" };
const TOKEN_EXPIRED = { code: 4403, reason: "Token expired" };
const SWEEP_MS = 1000;

interface WatchedSession {
  id: string;
  expiresAt: number;
}

/**
 * Ends subscriptions with the sign-in they were opened with (spec §7). Every second, while
 * sockets are open, one query asks which of their sessions are still active, so a GlobalSignOut
 * or revocation handled by any server process closes them within a second; expiry is checked
 * by the clock, here and before every event (`ended`).
 */
export function createSessionWatch(activeSessions: (ids: string[]) => Promise<Set<string>>) {
  const sockets = new Map<WebSocket, WatchedSession>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping = false;

  const close = (socket: WebSocket, why: { code: number; reason: string }) => {
    sockets.delete(socket);
    socket.close(why.code, why.reason);
  };

  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const [socket, session] of sockets) if (session.expiresAt <= Date.now()) close(socket, TOKEN_EXPIRED);
      if (sockets.size === 0) return stop();
      const active = await activeSessions([...sockets.values()].map((session) => session.id));
      for (const [socket, session] of sockets) if (!active.has(session.id)) close(socket, SESSION_ENDED);
    } catch {
      // The database did not answer: keep the sockets and ask again at the next sweep.
    } finally {
      sweeping = false;
    }
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  return {
    watch(socket: WebSocket, session: WatchedSession) {
      if (sockets.has(socket)) return;
      sockets.set(socket, session);
      socket.once("close", () => sockets.delete(socket));
      timer ??= setInterval(() => void sweep(), SWEEP_MS).unref();
    },
    /** Whether the socket's token has expired; closes it if so. */
    ended(socket: WebSocket): boolean {
      const session = sockets.get(socket);
      if (!session || session.expiresAt > Date.now()) return false;
      close(socket, TOKEN_EXPIRED);
      return true;
    },
    stop,
  };
}
