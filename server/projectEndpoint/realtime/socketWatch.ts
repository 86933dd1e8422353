import { WebSocket } from "ws";
import type { RoleType } from "../../../src/domain/permissions";
import type { RoleEvent } from "../../graphql/mappers";
import type { CredentialChange, PubSub } from "../../pubsub";

/**
 * What ends a caller's standing on a socket that outlives the request it was checked on. HTTP
 * checks the credential on every request; a socket is checked once, so this says what to listen
 * for afterwards.
 */
export interface CallerCredential {
  apiKeyId?: string;
  /** The sign-in session a token came from, and its user. */
  sessionId?: string;
  sub?: string;
  /** A member of the project's workspace: their role there, which is found by email. */
  member?: { orgId: string; email: string; roleType: RoleType };
  /** When the token or key expires (epoch ms); null when no clock ends it. */
  expiresAt: number | null;
}

/*
 * graphql-ws close codes: after 4401 (Unauthorized) the client gives up, as it must once the
 * credential was revoked; after 4403 (Forbidden) it reconnects, which is right for a token that
 * merely expired (the client brings a fresh one) or a role that changed (it is checked anew).
 */
const REVOKED = { code: 4401, reason: "Credential revoked" };
const EXPIRED = { code: 4403, reason: "Credential expired" };
const ACCESS_CHANGED = { code: 4403, reason: "Access changed" };
const UNKNOWN = { code: 4403, reason: "Check again" };

/** setTimeout fires at once beyond this (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Changes remembered for sockets whose check was under way when they were announced. */
const RECENT_CHANGES = 1_000;

interface Watched {
  credential: CallerCredential;
  keys: string[];
  timer?: NodeJS.Timeout;
}

const keysOf = (credential: CallerCredential) =>
  [
    credential.apiKeyId && `key:${credential.apiKeyId}`,
    credential.sessionId && `session:${credential.sessionId}`,
    credential.sub && `sub:${credential.sub}`,
    credential.member && `member:${credential.member.orgId}:${credential.member.email}`,
  ].filter((key): key is string => !!key);

/** The index keys of the sockets a change revokes. */
function revokedKeys(change: CredentialChange): string[] {
  if (change.kind === "sessionsEnded") return change.sessionIds.map((id) => `session:${id}`);
  if (change.kind === "userChanged") return [`sub:${change.sub}`];
  if (change.kind === "apiKeysDeleted") return change.apiKeyIds.map((id) => `key:${id}`);
  return [];
}

/**
 * Closes a project endpoint's sockets when the credential they were opened with stops standing,
 * without asking the database: revocations arrive as events ("credential:changed" once they are
 * committed, "role:changed" of the workspaces whose members hold sockets), each closing exactly
 * the sockets it names through an index; expiry is a timer per socket, and the clock is checked
 * again before every event sent. Exact for the one server process DESIGN.md describes, like the
 * verified-token cache the same announcements clear.
 */
export function createProjectSocketWatch(pubsub: PubSub) {
  const watched = new Map<WebSocket, Watched>();
  const byKey = new Map<string, Set<WebSocket>>();
  const orgs = new Map<string, { sockets: number; feed: ReturnType<PubSub["subscribe"]> }>();
  /** Every change heard, numbered, and the latest of them, for checks that overlapped them. */
  let heard = 0;
  const recent: { number: number; change: CredentialChange }[] = [];

  const changes = pubsub.subscribe("credential:changed");
  void (async () => {
    for await (const change of changes) changed(change);
  })();

  function changed(change: CredentialChange) {
    recent.push({ number: ++heard, change });
    // Trimmed in halves, so each change costs the same however many came before.
    if (recent.length >= 2 * RECENT_CHANGES) recent.splice(0, RECENT_CHANGES);
    for (const key of revokedKeys(change)) for (const socket of [...(byKey.get(key) ?? [])]) close(socket, REVOKED);
    if (change.kind === "apiKeyExpiry") {
      for (const socket of byKey.get(`key:${change.apiKeyId}`) ?? []) {
        const entry = watched.get(socket)!;
        entry.credential = { ...entry.credential, expiresAt: change.expiresAt };
        arm(socket, entry);
      }
    }
  }

  function roleChanged(event: RoleEvent) {
    const email = event.role?.userEmail?.toLowerCase();
    if (!email) return;
    for (const socket of [...(byKey.get(`member:${event.orgId}:${email}`) ?? [])]) {
      const member = watched.get(socket)?.credential.member;
      if (event.change === "DELETED" || event.role.type !== member?.roleType) close(socket, ACCESS_CHANGED);
    }
  }

  function followOrg(orgId: string) {
    let org = orgs.get(orgId);
    if (!org) {
      const feed = pubsub.subscribe("role:changed", orgId);
      org = { sockets: 0, feed };
      orgs.set(orgId, org);
      void (async () => {
        for await (const event of feed) roleChanged(event);
      })();
    }
    org.sockets++;
  }

  function unfollowOrg(orgId: string) {
    const org = orgs.get(orgId);
    if (!org || --org.sockets > 0) return;
    orgs.delete(orgId);
    void org.feed.return(undefined);
  }

  /** Waits for the expiry, in steps a timer can take; closes the socket once it has passed. */
  function arm(socket: WebSocket, entry: Watched) {
    clearTimeout(entry.timer);
    const { expiresAt } = entry.credential;
    if (expiresAt === null) return;
    const left = expiresAt - Date.now();
    if (left <= 0) return close(socket, EXPIRED);
    entry.timer = setTimeout(() => arm(socket, entry), Math.min(left, MAX_TIMER_MS)).unref();
  }

  function unwatch(socket: WebSocket) {
    const entry = watched.get(socket);
    if (!entry) return;
    watched.delete(socket);
    clearTimeout(entry.timer);
    for (const key of entry.keys) {
      const sockets = byKey.get(key)!;
      sockets.delete(socket);
      if (sockets.size === 0) byKey.delete(key);
    }
    if (entry.credential.member) unfollowOrg(entry.credential.member.orgId);
  }

  function close(socket: WebSocket, why: { code: number; reason: string }) {
    unwatch(socket);
    socket.close(why.code, why.reason);
  }

  /** What the changes heard after `since` mean for a credential checked meanwhile: null when nothing. */
  function missed(credential: CallerCredential, since: number): { why: typeof REVOKED } | { expiresAt: number } | null {
    if (since === heard) return null;
    if (recent.length === 0 || recent[0].number > since + 1) return { why: UNKNOWN };
    const keys = new Set(keysOf(credential));
    let expiresAt: number | null = null;
    for (const { number, change } of recent) {
      if (number <= since) continue;
      if (revokedKeys(change).some((key) => keys.has(key))) return { why: REVOKED };
      if (change.kind === "apiKeyExpiry" && change.apiKeyId === credential.apiKeyId) expiresAt = change.expiresAt;
    }
    return expiresAt === null ? null : { expiresAt };
  }

  return {
    /** Taken before a credential is checked: `watch` then also applies what was announced meanwhile. */
    mark: () => heard,

    /** Keeps watch over a socket whose credential was checked after `mark()` gave `since`. */
    watch(socket: WebSocket, credential: CallerCredential, since: number) {
      if (watched.has(socket) || socket.readyState !== WebSocket.OPEN) return;
      const meanwhile = missed(credential, since);
      if (meanwhile && "why" in meanwhile) return void socket.close(meanwhile.why.code, meanwhile.why.reason);
      const entry: Watched = { credential: meanwhile ? { ...credential, expiresAt: meanwhile.expiresAt } : credential, keys: keysOf(credential) };
      watched.set(socket, entry);
      for (const key of entry.keys) {
        let sockets = byKey.get(key);
        if (!sockets) byKey.set(key, (sockets = new Set()));
        sockets.add(socket);
      }
      if (credential.member) followOrg(credential.member.orgId);
      socket.once("close", () => unwatch(socket));
      arm(socket, entry);
    },

    /** Whether the socket may no longer be sent events: it is closing, or its credential just expired (then it closes). */
    ended(socket: WebSocket): boolean {
      if (socket.readyState !== WebSocket.OPEN) return true;
      const expiresAt = watched.get(socket)?.credential.expiresAt;
      if (expiresAt === undefined || expiresAt === null || expiresAt > Date.now()) return false;
      close(socket, EXPIRED);
      return true;
    },

    /** How many sockets are watched now. */
    size: () => watched.size,

    stop() {
      void changes.return(undefined);
      for (const org of orgs.values()) void org.feed.return(undefined);
      orgs.clear();
      for (const entry of watched.values()) clearTimeout(entry.timer);
    },
  };
}

export type ProjectSocketWatch = ReturnType<typeof createProjectSocketWatch>;
