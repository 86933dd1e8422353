import type { DbOrTx } from "../db/database";
import { refuse } from "../graphqlKit/errors";
import { HOUR_MS, withinLimit } from "./rateLimit";
import type { Limits } from "./settings";

/*
 * Abuse limits of the workspace mutations. Each is one call at the start of the
 * mutation, inside its transaction: a refused mutation writes and sends nothing, and a mutation
 * that fails later does not count.
 */

export async function limitInvitations(tx: DbOrTx, limits: Limits, orgId: string) {
  const { count } = await tx
    .selectFrom("roles")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("org_id", "=", orgId)
    .where("last_sign_in_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limits.pendingInvitationsPerWorkspace) {
    throw refuse(
      "RATE_LIMITED",
      "error_rate_limited_pending_invitations",
      "This workspace has too many open invitations. Remove some before inviting more.",
    );
  }
  if (!(await withinLimit(tx, `invitations:org:${orgId}`, limits.invitationsPerWorkspacePerHour, HOUR_MS))) {
    throw refuse("RATE_LIMITED", "error_rate_limited_invitations", "This workspace has sent too many invitations. Please try again in an hour.");
  }
}

export async function limitWorkspaces(tx: DbOrTx, limits: Limits, email: string) {
  const { count } = await tx
    .selectFrom("roles")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_email", "=", email.toLowerCase())
    .where("type", "=", "OWNER")
    .executeTakeFirstOrThrow();
  if (Number(count) >= limits.workspacesPerUser) {
    throw refuse("RATE_LIMITED", "error_rate_limited_workspaces", "You own as many workspaces as one person can.");
  }
}
