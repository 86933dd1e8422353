import { useSyncExternalStore } from "react";
import type { RoleType } from "../domain/permissions";

/** Authentication states of spec §4, plus Loading while the stored session is checked. */
export type AuthStatus =
  | "Loading"
  | "Authenticated"
  | "NotAuthenticated"
  | "NotConfirmed"
  | "NoRoles"
  | "FailedToGetRoles";

export interface RoleInfo {
  id: string;
  orgId: string;
  orgName: string;
  type: RoleType;
}

export interface SessionState {
  status: AuthStatus;
  email?: string;
  userId?: string;
  confirmed: boolean;
  accessToken?: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt?: number;
  /** The viewer's workspaces, for the workspace switcher; what a role may do comes from the server's viewerCan… fields. */
  roles: Record<string, RoleInfo>;
  /** False after a reload until the workspace list is asked for (user menu, home). */
  rolesLoaded?: boolean;
  activeOrgId?: string;
  error?: { code: string; message: string };
}

let state: SessionState = { status: "Loading", confirmed: false, roles: {} };
const listeners = new Set<() => void>();

/** Signed in, with or without a workspace: what the guards, the layouts and the network ask. */
export const isSignedIn = (session: SessionState) => session.status === "Authenticated" || session.status === "NoRoles";

export function getSession(): SessionState {
  return state;
}

export function updateSession(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function resetSession(status: AuthStatus) {
  state = { status, confirmed: false, roles: {} };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession);
}

/** Resolves once the stored session has been checked at start-up. */
export function sessionSettled(): Promise<SessionState> {
  if (state.status !== "Loading") return Promise.resolve(state);
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (state.status !== "Loading") {
        unsubscribe();
        resolve(state);
      }
    });
  });
}
