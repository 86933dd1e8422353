import { requireViewer, type Context } from "../graphqlKit/context";
import { appendChanges } from "../changes/log";
import { roleChange, roleFilter } from "../changes/topics";
import { resumable } from "../changes/resume";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership, viewerStanding } from "../access";
import { isUniqueViolation } from "../db/errors";
import {
  countOwnersOfOrg,
  countRolesOfOrg,
  deleteRoleRow,
  findRole,
  findRoleOfEmail,
  insertRole,
  listRolesOfOrg,
  lockOwnersOfOrg,
  toRole,
  updateRoleRow,
} from "./store";
import { findOrg, toOrg } from "../org/store";
import { keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { messagesFor } from "../i18n";
import { limitInvitations } from "../limits/workspace";
import { enqueueJob } from "../jobs/store";
import { INVITATION_MAIL_JOB, type InvitationMailJob } from "./invitationMail";
import type { RoleType } from "../../src/domain/permissions";
import type { RoleEvent } from "../graphql/mappers";
import { canManageUsers } from "../../src/domain/permissions";
import { sanitizeEmail } from "../../src/domain/account";
import { FALLBACK_LOCALE, toLocale } from "../../src/domain/locale";
import {
  assignRoleProblem,
  changeRoleProblem,
  inviteProblems,
  isInvitableRole,
  removeMemberProblem,
  type MemberProblem,
} from "../../src/domain/members";
import type { Resolvers } from "../graphql/__generated__/resolvers";
import { endsWithSource } from "../graphqlKit/endsWithSource";

/** A member rule refused: FORBIDDEN with the spec's key and its English text. */
const refusedBy = (problem: MemberProblem) => forbidden(problem, messagesFor("en")[problem] ?? problem);

export const roleResolvers: Resolvers = {
  Query: {
    async rolesByOrg(_, args, ctx) {
      await requireMembership(ctx, args.orgId);
      const window = keysetWindow(args);
      const rows = await listRolesOfOrg(ctx.db, args.orgId, window.limit + 1, window.afterId);
      // Counted only when the caller asks for totalCount (graphql calls a function-valued field).
      return toKeysetConnection(rows.map(toRole), window, { totalCount: () => countRolesOfOrg(ctx.db, args.orgId) });
    },
  },
  Mutation: {
    /**
     * Invites a person: their role exists from now on (found by email when they sign up), and
     * a job mails them, in the inviter's console language, a link to sign up or sign in.
     */
    async createRole(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const { input } = args;
      const email = sanitizeEmail(input.userEmail);
      const locale = toLocale(input.locale) ?? FALLBACK_LOCALE;
      const role = await ctx.db.transaction().execute(async (tx) => {
        const membership = await requireMembership(ctx, input.orgId, tx);
        if (!canManageUsers(membership.permissions)) throw refusedBy("error_user_mgt_can_manage");
        await limitInvitations(tx, ctx.config.limits, input.orgId);
        const problems = inviteProblems({ email, role: input.type });
        if (problems.email) throw refuse("BAD_USER_INPUT", problems.email, "Please enter a valid email address.");
        if (problems.role) throw refuse("BAD_USER_INPUT", problems.role, "Please choose a role that can be given.");
        const assign = assignRoleProblem(membership.permissions, input.type);
        if (assign) throw refusedBy(assign);
        if (await findRoleOfEmail(tx, input.orgId, email)) throw alreadyMember();
        const row = await insertRole(tx, { orgId: input.orgId, email, type: input.type }).catch((error: unknown) => {
          throw isUniqueViolation(error) ? alreadyMember() : error;
        });
        const mail: InvitationMailJob = { roleId: row.id, inviter: viewer.email, locale };
        await enqueueJob(tx, INVITATION_MAIL_JOB, mail);
        const created = toRole(row);
        await appendChanges(tx, [roleChange({ change: "CREATED", orgId: created.orgId, role: created })]);
        return created;
      });
      ctx.jobs.kick();
      ctx.pubsub.changesCommitted();
      return { role };
    },
    async updateRole(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const { input } = args;
      const updated = await ctx.db.transaction().execute(async (tx) => {
        const role = await findRole(tx, input.id);
        if (!role) throw notFound();
        const membership = await requireMembership(ctx, role.org_id, tx);
        const ownRole = role.user_email === viewer.email.toLowerCase();
        let lastSignInAt: Date | undefined;
        if (input.lastSignInAt) {
          // Only the member themself records a sign-in.
          if (!ownRole) throw forbidden();
          lastSignInAt = new Date(input.lastSignInAt);
          if (Number.isNaN(lastSignInAt.getTime()))
            throw refuse("BAD_USER_INPUT", "error_invalid_date", "lastSignInAt is not a date.");
        }
        if (input.type) {
          if (!isInvitableRole(input.type)) throw refuse("BAD_USER_INPUT", "error_invalid_role", "This role cannot be given.");
          const owners = await lockOwnersOfOrg(tx, role.org_id);
          const problem = changeRoleProblem(
            { email: viewer.email, permissions: membership.permissions },
            { type: role.type as RoleType, userEmail: role.user_email },
            input.type,
            owners,
          );
          if (problem) throw refusedBy(problem);
        }
        const changed = toRole(await updateRoleRow(tx, role.id, { type: input.type ?? undefined, lastSignInAt }));
        await appendChanges(tx, [roleChange({ change: "UPDATED", orgId: changed.orgId, role: changed })]);
        return changed;
      });
      ctx.pubsub.changesCommitted();
      return updated;
    },
    /** One member out; the console sends one per selected row, in parallel. */
    async deleteRole(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const removed = await ctx.db.transaction().execute(async (tx) => {
        const role = await findRole(tx, args.input.id);
        if (!role) throw notFound();
        const membership = await requireMembership(ctx, role.org_id, tx);
        const owners = await lockOwnersOfOrg(tx, role.org_id);
        const problem = removeMemberProblem(
          { email: viewer.email, permissions: membership.permissions },
          { type: role.type as RoleType, userEmail: role.user_email },
          owners,
        );
        if (problem) throw refusedBy(problem);
        await deleteRoleRow(tx, role.id);
        const gone = toRole(role);
        await appendChanges(tx, [roleChange({ change: "DELETED", orgId: gone.orgId, role: gone })]);
        return gone;
      });
      ctx.pubsub.changesCommitted();
      return removed;
    },
  },
  Subscription: {
    onRoleChangedInOrg: {
      /** Ends after telling a member that their own role is gone: they hear nothing more. */
      subscribe(_, args, ctx) {
        const feed = resumable(ctx, ctx.db, ctx.pubsub.subscribe("role:changed", args.orgId), roleFilter(args.orgId));
        return endsWithSource(feed, roleEventsUntilOwnRemoval(ctx, args.orgId, feed));
      },
      resolve: (event: RoleEvent) => event,
    },
  },
  RoleEvent: {
    createdRole: (event) => (event.change === "CREATED" ? event.role : null),
    deletedRoleId: (event) => (event.change === "DELETED" ? event.role.id : null),
  },
  Role: {
    /** deleteRole's own rule (src/domain/members), so the console offers Remove only where it would pass. */
    async viewerCanRemove(role, _, ctx) {
      const membership = await viewerStanding(ctx, role.orgId);
      if (!membership || !ctx.viewer) return false;
      const actor = { email: ctx.viewer.email, permissions: membership.permissions };
      // Owners are counted only when the answer depends on it: an owner row, for an owner.
      const owners = role.type === "OWNER" ? await ownersPerRequest(ctx, role.orgId) : 0;
      return removeMemberProblem(actor, { type: role.type as RoleType, userEmail: role.userEmail }, owners) === null;
    },
    /** Only for members of that org (a role of type NONE grants nothing). */
    async org(role, _, ctx) {
      if (!(await viewerStanding(ctx, role.orgId))) return null;
      const row = await findOrg(ctx.db, role.orgId);
      return row ? toOrg(row) : null;
    },
  },
};

const alreadyMember = () =>
  refuse("CONFLICT", "error_user_mgt_already_member", "This address already has a role in this workspace.");

/** A member's view of the workspace's role events, up to and including their own removal; refused for others. */
async function* roleEventsUntilOwnRemoval(ctx: Context, orgId: string, feed: AsyncIterator<RoleEvent>): AsyncGenerator<RoleEvent> {
  try {
    const email = requireViewer(ctx).email.toLowerCase();
    await requireMembership(ctx, orgId);
    for (;;) {
      const event = await feed.next();
      if (event.done) return;
      yield event.value;
      if (event.value.change === "DELETED" && event.value.role.userEmail === email) return;
    }
  } finally {
    await feed.return?.();
  }
}

/** An org's owner count, read once per request however many owner rows a page shows. */
const ownerCounts = new WeakMap<Context, Map<string, Promise<number>>>();
function ownersPerRequest(ctx: Context, orgId: string): Promise<number> {
  let counts = ownerCounts.get(ctx);
  if (!counts) ownerCounts.set(ctx, (counts = new Map()));
  let count = counts.get(orgId);
  if (!count) counts.set(orgId, (count = countOwnersOfOrg(ctx.db, orgId)));
  return count;
}
