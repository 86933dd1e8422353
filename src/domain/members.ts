import { EMAIL_MAX_LENGTH, isValidEmail, sanitizeEmail } from "./account";
import { canManageOrg, canManageUsers, hasOwnerRights, type Permission, type RoleType } from "./permissions";

/**
 * Member rules (spec §5 Users, §6), shared by the invite/edit form, the members table and the
 * role resolvers. Each check returns the spec's message key, or null when allowed.
 */

/** The invite form's roles, in the order the form lists them. */
export const INVITABLE_ROLES = ["OWNER", "ADMIN", "CONTENT", "DEV", "GUEST", "SUPPORT"] as const satisfies readonly RoleType[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const isInvitableRole = (value: unknown): value is InvitableRole =>
  typeof value === "string" && (INVITABLE_ROLES as readonly string[]).includes(value);

/** Roles that carry management rights: giving them needs manage-org (the form disables them). */
const PRIVILEGED: readonly RoleType[] = ["OWNER", "ADMIN"];

export type MemberProblem =
  | "error_user_mgt_can_manage"
  | "error_user_mgt_cant_remove_owner"
  | "error_user_mgt_cant_remove_self"
  | "error_user_mgt_last_owner";

/**
 * Whether `actor` may give `roleType` to someone (invite or change). Everyone with
 * manage-users may give the plain roles; Owner and Admin need manage-org, Owner also owner
 * rights.
 */
export function assignRoleProblem(actor: Permission[], roleType: RoleType): MemberProblem | null {
  if (!canManageUsers(actor)) return "error_user_mgt_can_manage";
  if (roleType === "OWNER" && !hasOwnerRights(actor)) return "error_user_mgt_cant_remove_owner";
  if (PRIVILEGED.includes(roleType) && !canManageOrg(actor)) return "error_user_mgt_can_manage";
  return null;
}

export const canAssignRole = (actor: Permission[], roleType: RoleType) => assignRoleProblem(actor, roleType) === null;

export interface MemberRef {
  type: RoleType;
  userEmail: string;
}

export interface ActorRef {
  email: string;
  permissions: Permission[];
}

/** Only an owner touches an owner; a workspace always keeps at least one owner. */
function ownerProblem(actor: ActorRef, target: MemberRef, ownerCount: number): MemberProblem | null {
  if (target.type !== "OWNER") return null;
  if (!hasOwnerRights(actor.permissions)) return "error_user_mgt_cant_remove_owner";
  if (ownerCount <= 1) return "error_user_mgt_last_owner";
  return null;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Removing a member: manage-users, never oneself, owners only by owners, never the last owner. */
export function removeMemberProblem(actor: ActorRef, target: MemberRef, ownerCount: number): MemberProblem | null {
  if (!canManageUsers(actor.permissions)) return "error_user_mgt_can_manage";
  if (sameEmail(actor.email, target.userEmail)) return "error_user_mgt_cant_remove_self";
  return ownerProblem(actor, target, ownerCount);
}

/** Changing a member's role: allowed to give the new role, owners only by owners, one owner stays. */
export function changeRoleProblem(actor: ActorRef, target: MemberRef, newType: RoleType, ownerCount: number): MemberProblem | null {
  const assign = assignRoleProblem(actor.permissions, newType);
  if (assign) return assign;
  if (target.type === newType) return null;
  return ownerProblem(actor, target, ownerCount);
}

export type InviteProblem = "global_email_error_format_email" | "global_org_invite_form_error";

/** The invite form, in the order the form shows its errors: email first, then the role. */
export function inviteProblems(input: { email: string; role: string | null | undefined }): Partial<Record<"email" | "role", InviteProblem>> {
  const problems: Partial<Record<"email" | "role", InviteProblem>> = {};
  // Longer than an address can be: refused rather than cut into another address.
  if (input.email.trim().length > EMAIL_MAX_LENGTH || !isValidEmail(sanitizeEmail(input.email)))
    problems.email = "global_email_error_format_email";
  if (!isInvitableRole(input.role)) problems.role = "global_org_invite_form_error";
  return problems;
}
