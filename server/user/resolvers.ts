import { requireViewer } from "../graphqlKit/context";
import { forbidden, refuse } from "../graphqlKit/errors";
import { requireSuperuser } from "../access";
import { userIdFromSub } from "../graphqlKit/ids";
import { ensureUser, findUser } from "./store";
import type { User } from "../graphql/mappers";
import { countRolesOfEmail, listRolesOfEmail, toRole } from "../role/store";
import { keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import type { Resolvers } from "../graphql/__generated__/resolvers";

const toUser = (row: { id: string; email: string }): User => ({ id: row.id, email: row.email });

export const userResolvers: Resolvers = {
  Query: {
    async viewer(_, __, ctx) {
      const viewer = requireViewer(ctx);
      const row = await findUser(ctx.db, userIdFromSub(viewer.sub));
      return row ? toUser(row) : null;
    },
    async user(_, args, ctx) {
      const viewer = requireViewer(ctx);
      if (args.id !== userIdFromSub(viewer.sub)) requireSuperuser(ctx);
      const row = await findUser(ctx.db, args.id);
      return row ? toUser(row) : null;
    },
  },
  Mutation: {
    /** The record is the signed-in person's own: id and email must match the token. */
    async createUser(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const id = args.input.id.startsWith("usr_") ? args.input.id : userIdFromSub(args.input.id);
      if (id !== userIdFromSub(viewer.sub)) throw forbidden();
      if (args.input.email.trim().toLowerCase() !== viewer.email.toLowerCase())
        throw refuse("BAD_USER_INPUT", "global_email_error_format_email", "The email does not match your account.");
      return ctx.db.transaction().execute(async (tx) => toUser(await ensureUser(tx, { id, email: viewer.email })));
    },
  },
  User: {
    /** Platform superuser by configuration (SUPERUSER_EMAILS), never by a workspace. */
    isSuperuser: (user, _, ctx) => ctx.config.superuserEmails.includes(user.email.toLowerCase()),
    /** FEATURE_FLAG_EMAILS unlocks the Flows and Declaration screens (a superuser sees them anyway). */
    featureFlags: (user, _, ctx) =>
      ctx.config.featureFlagEmails.includes(user.email.toLowerCase()) ? ["flows", "declaration"] : [],
    /** Roles are found by email, so a user sees invitations made before they signed up. */
    async roles(user, args, ctx) {
      const window = keysetWindow(args);
      const rows = await listRolesOfEmail(ctx.db, user.email, window.limit + 1, window.afterId);
      // Counted only when the caller asks for totalCount (graphql calls a function-valued field).
      return toKeysetConnection(rows.map(toRole), window, { totalCount: () => countRolesOfEmail(ctx.db, user.email) });
    },
  },
};
