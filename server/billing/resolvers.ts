import type { Context } from "../graphql/context";
import { forbidden, refuse } from "../graphql/errors";
import { requireMembership } from "../access";
import { toBillingAccount, upsertBillingAccountOfOrg } from "./store";
import { canManageOrg } from "../../src/domain/permissions";
import { isValidEmail } from "../../src/domain/account";

interface UpsertBillingAccountInput {
  orgId: string;
  name: string;
  billingEmail: string;
  paymentProviderId?: string | null;
}

export const billingResolvers = {
  Mutation: {
    async upsertBillingAccount(_: unknown, args: { input: UpsertBillingAccountInput }, ctx: Context) {
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        const membership = await requireMembership(ctx, input.orgId, tx);
        if (!canManageOrg(membership.permissions)) throw forbidden();
        const name = input.name.trim();
        if (!name) throw refuse("BAD_USER_INPUT", "error_billing_requires_company_name", "Please enter the legal entity name.");
        const billingEmail = input.billingEmail.trim().toLowerCase();
        if (!isValidEmail(billingEmail))
          throw refuse("BAD_USER_INPUT", "error_billing_requires_email", "Please enter a valid billing email.");
        const row = await upsertBillingAccountOfOrg(tx, {
          orgId: input.orgId,
          name,
          billingEmail,
          paymentProviderId: input.paymentProviderId ?? "",
        });
        return toBillingAccount(row);
      });
    },
  },
};
