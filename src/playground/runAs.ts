import { currentAccessToken } from "../session/tokens";
import { projectSignIn, projectUserAuth } from "../relay/projectSignIns";
import type { EndpointAuth } from "../relay/network";

/**
 * Who the playground's requests act as ('Run as'): the signed-in member, one of the
 * project's API keys, or the user signed in to the project's pool. Kept in React state only:
 * credentials never reach local or session storage.
 */
export type RunAs = { kind: "member" } | { kind: "apiKey"; id: string; key: string } | { kind: "user" };

export const MEMBER: RunAs = { kind: "member" };

/** A member's token only: the playground names the project in its URL, no workspace header needed. */
const memberAuth: EndpointAuth = {
  token: currentAccessToken,
  refresh: async () => undefined,
  orgId: () => undefined,
  onSessionExpired: () => undefined,
};

/**
 * The header that carries the identity, as the project's endpoint reads it on HTTP and in a
 * WebSocket's connection params; null when a pool user was chosen but is not signed in.
 */
export async function identityHeaders(apiId: string, runAs: RunAs): Promise<Record<string, string> | null> {
  if (runAs.kind === "apiKey") return { "x-api-key": runAs.key };
  if (runAs.kind === "user") {
    if (!projectSignIn(apiId).session) return null;
    // Renews the pool user's token when it is about to expire (relay/projectSignIns.ts).
    const token = await projectUserAuth(apiId, memberAuth).token();
    return token ? { authorization: token } : null;
  }
  const token = await currentAccessToken();
  return token ? { authorization: token } : {};
}

/** A stable name for an identity: a new one builds a new fetcher, so the docs are fetched again as it. */
export function runAsKey(runAs: RunAs, userEmail: string | undefined) {
  if (runAs.kind === "apiKey") return `apiKey:${runAs.id}`;
  if (runAs.kind === "user") return `user:${userEmail ?? ""}`;
  return "member";
}
