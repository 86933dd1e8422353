import { useSyncExternalStore } from "react";
import type { EndpointAuth } from "./network";
import type { ProjectPool, ProjectUserSession } from "../session/projectCognitoClient";

/*
 * The network layer's session state for a project's own users (spec §4 'Project-level
 * API admin sign-in', §8 'Call handling'): per project, who is signed in to its user pool, and
 * whether the last attempt to use that sign-in failed (authFailed, which also opens the sign-in
 * modal) until a sign-in succeeds. A project's environment sends that user's token instead of
 * the member's.
 */

export interface ProjectSignInState {
  session: ProjectUserSession | null;
  authFailed: boolean;
  modalOpen: boolean;
}

const SIGNED_OUT: ProjectSignInState = { session: null, authFailed: false, modalOpen: false };
/** Seconds of slack so a token does not expire between reading it and the server checking it. */
const EXPIRY_MARGIN_MS = 10_000;

const states = new Map<string, ProjectSignInState>();
const listeners = new Set<() => void>();

const loadClient = () => import("../session/projectCognitoClient");

export function projectSignIn(apiId: string): ProjectSignInState {
  return states.get(apiId) ?? SIGNED_OUT;
}

function update(apiId: string, change: Partial<ProjectSignInState>) {
  states.set(apiId, { ...projectSignIn(apiId), ...change });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useProjectSignIn(apiId: string): ProjectSignInState {
  return useSyncExternalStore(subscribe, () => projectSignIn(apiId));
}

export function openProjectSignIn(apiId: string) {
  update(apiId, { modalOpen: true });
}

export function closeProjectSignIn(apiId: string) {
  update(apiId, { modalOpen: false });
}

/** Signs in to the project's pool; a success clears authFailed and closes the modal. Rejects with Cognito's error. */
export async function signInProjectUser(apiId: string, pool: ProjectPool, email: string, password: string) {
  const session = await (await loadClient()).signInToProjectPool(pool, email, password);
  update(apiId, { session, authFailed: false, modalOpen: false });
}

/** Signing out clears the token: requests go out as the member again. */
export function signOutProjectUser(apiId: string) {
  update(apiId, { session: null, authFailed: false });
}

/** The console's sign-out ends every project sign-in too. */
export function clearProjectSignIns() {
  states.clear();
  for (const listener of listeners) listener();
}

const refreshing = new Map<string, Promise<string | undefined>>();

/** One refresh at a time per project; a refused refresh sets authFailed and opens the modal. */
function refreshProjectUser(apiId: string): Promise<string | undefined> {
  const current = projectSignIn(apiId).session;
  if (!current) return Promise.resolve(undefined);
  let pending = refreshing.get(apiId);
  if (!pending) {
    pending = (async () => {
      try {
        const session = await (await loadClient()).refreshProjectSession(current);
        update(apiId, { session });
        return session.accessToken;
      } catch {
        update(apiId, { authFailed: true, modalOpen: true });
        return undefined;
      } finally {
        refreshing.delete(apiId);
      }
    })();
    refreshing.set(apiId, pending);
  }
  return pending;
}

/**
 * A project environment's credentials: the project user's token while one is signed in, else
 * the member's. An Unauthorized answer refreshes and retries once (network.ts); if that fails
 * the modal opens and authFailed stays set (spec §8).
 */
export function projectUserAuth(apiId: string, member: EndpointAuth): EndpointAuth {
  const signedIn = () => projectSignIn(apiId).session;
  return {
    async token() {
      const session = signedIn();
      if (!session) return member.token();
      if (session.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return session.accessToken;
      return refreshProjectUser(apiId);
    },
    refresh: () => (signedIn() ? refreshProjectUser(apiId) : member.refresh()),
    orgId: member.orgId,
    apiKey: member.apiKey,
    onSessionExpired() {
      if (signedIn()) update(apiId, { authFailed: true, modalOpen: true });
      else member.onSessionExpired();
    },
  };
}
