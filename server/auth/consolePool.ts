import { randomUUID } from "node:crypto";
import { LANDING_ORG_CLAIM, landOnWorkspace } from "./landing";
import { CONSOLE_TABLES, type PoolKind } from "./pool";

/** The platform's own pool: the console's users, who land in their workspace on sign-in. */
export const consolePool: PoolKind = {
  tables: CONSOLE_TABLES,
  projectId: null,
  scope: "",
  tokenClaims: async () => ({}),
  allowsEmailChange: true,
  async createUser(tx, user) {
    const sub = randomUUID();
    await tx.insertInto("auth_users").values({ sub, email: user.email, locale: user.locale, ...user.credential(sub) }).execute();
    return { sub };
  },
  mailboxProven: async () => undefined,
  async signInClaims(db, user) {
    const landingOrg = await landOnWorkspace(db, user.sub, user.email);
    return landingOrg ? { [LANDING_ORG_CLAIM]: landingOrg } : {};
  },
};
