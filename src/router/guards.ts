import { redirect } from "@tanstack/react-router";
import { isSignedIn, sessionSettled, type SessionState } from "../session/sessionState";
import { readStored, writeStored } from "../storage";
import { loadSignedInChrome } from "../layouts/Layouts";

/** Where a signed-in user belongs when a page is not for them. */
export function homeOf(session: SessionState): string {
  if (session.status === "NotConfirmed") return "/signup-code-entry";
  if (session.status === "NoRoles") return "/workspace-setup";
  if (session.status === "Authenticated" && session.activeOrgId) return `/org/${session.activeOrgId}/apis`;
  return "/login";
}

/** Auth-required pages: signed-out users go to login and the wanted path is saved. */
export async function requireAuth({ location }: { location: { href: string } }) {
  const session = await sessionSettled();
  if (session.status === "NotConfirmed") throw redirect({ to: "/signup-code-entry" });
  if (!isSignedIn(session)) {
    writeStored("active-route", location.href);
    throw redirect({ to: "/login" });
  }
  if (session.status === "NoRoles") throw redirect({ to: "/workspace-setup" });
  void loadSignedInChrome();
}

/** workspace-setup is for any signed-in user, with or without roles. */
export async function requireSignedIn({ location }: { location: { href: string } }) {
  const session = await sessionSettled();
  if (session.status === "NotConfirmed") throw redirect({ to: "/signup-code-entry" });
  if (!isSignedIn(session)) {
    writeStored("active-route", location.href);
    throw redirect({ to: "/login" });
  }
}

/** Signed-out-only pages: a signed-in user goes to the saved route or the org dashboard. */
export async function requireSignedOut() {
  const session = await sessionSettled();
  if (isSignedIn(session)) throw redirect({ href: takeSavedRoute() ?? homeOf(session) });
}

/** The path saved before a sign-in detour, used once. */
export function takeSavedRoute(): string | undefined {
  const saved = readStored<string>("active-route");
  writeStored("active-route", undefined);
  return saved && saved.startsWith("/") && !saved.startsWith("//") ? saved : undefined;
}
