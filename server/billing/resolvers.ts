import type { Context } from "../graphqlKit/context";
import type { DbOrTx } from "../db/database";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership } from "../access";
import {
  countInvoicesOfBillingAccount,
  findBillingAccount,
  listInvoicesOfBillingAccount,
  sumInvoicesPaidOfBillingAccount,
  saveBillingAccountOfOrg,
  toBillingAccount,
  toInvoice,
  updateBillingAccountRow,
  upsertBillingAccountOfOrg,
  type BillingDetailsRow,
} from "./store";
import { keysetWindow, pageOffset, toKeysetConnection } from "../graphqlKit/connection";
import { canManageOrg } from "../../src/domain/permissions";
import { isValidEmail } from "../../src/domain/account";
import { billingProblems, normalizeBillingDetails, parseBillingAddress } from "../../src/domain/billing";
import type { CreateBillingAccountInput, Resolvers } from "../graphql/__generated__/resolvers";

/** The billing form's rules, in the spec's order; the first problem refuses the save. */
function validDetails(input: Omit<CreateBillingAccountInput, "orgId">): BillingDetailsRow {
  const details = normalizeBillingDetails({
    name: input.name,
    billingEmail: input.billingEmail,
    address: parseBillingAddress(input.billingAddress),
    vatId: input.vatId ?? "",
  });
  const [problem] = billingProblems(details);
  if (problem) throw refuse("BAD_USER_INPUT", problem.messageId, `The billing details are incomplete (${problem.field}).`);
  return {
    name: details.name,
    billingEmail: details.billingEmail,
    billingAddress: JSON.stringify(details.address),
    vatId: details.vatId || null,
  };
}

async function requireOrgManager(ctx: Context, orgId: string, tx: DbOrTx) {
  const membership = await requireMembership(ctx, orgId, tx);
  if (!canManageOrg(membership.permissions)) throw forbidden();
}

export const billingResolvers: Resolvers = {
  Mutation: {
    /** Right after createOrg: name and email only; the payment provider id is never the caller's to set. */
    async upsertBillingAccount(_, args, ctx) {
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        await requireOrgManager(ctx, input.orgId, tx);
        const name = input.name.trim();
        if (!name) throw refuse("BAD_USER_INPUT", "error_billing_requires_company_name", "Please enter the legal entity name.");
        const billingEmail = input.billingEmail.trim().toLowerCase();
        if (!isValidEmail(billingEmail))
          throw refuse("BAD_USER_INPUT", "error_billing_requires_email", "Please enter a valid billing email.");
        const row = await upsertBillingAccountOfOrg(tx, { orgId: input.orgId, name, billingEmail, paymentProviderId: "" });
        return toBillingAccount(row);
      });
    },
    async createBillingAccount(_, args, ctx) {
      return ctx.db.transaction().execute(async (tx) => {
        await requireOrgManager(ctx, args.input.orgId, tx);
        return toBillingAccount(await saveBillingAccountOfOrg(tx, args.input.orgId, validDetails(args.input)));
      });
    },
    async updateBillingAccount(_, args, ctx) {
      return ctx.db.transaction().execute(async (tx) => {
        const account = await findBillingAccount(tx, args.input.id);
        if (!account) throw notFound();
        await requireOrgManager(ctx, account.org_id, tx);
        return toBillingAccount(await updateBillingAccountRow(tx, account.id, validDetails(args.input)));
      });
    },
  },
  BillingAccount: {
    /** Reaching a billing account already passed its org's membership check (org, node). */
    async invoices(account, args, ctx) {
      const window = keysetWindow(args);
      const rows = await listInvoicesOfBillingAccount(ctx.db, account.id, window.limit + 1, window.afterId, pageOffset(args.offset));
      // Counted and summed only when the caller asks (graphql calls a function-valued field).
      return toKeysetConnection(rows.map(toInvoice), window, {
        totalCount: () => countInvoicesOfBillingAccount(ctx.db, account.id),
        totalPaid: () => sumInvoicesPaidOfBillingAccount(ctx.db, account.id),
      });
    },
  },
};
