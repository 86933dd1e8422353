import { randomBytes } from "node:crypto";
import type { Context } from "../graphqlKit/context";
import { requireViewer } from "../graphqlKit/context";
import type { DbOrTx } from "../db/database";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership } from "../access";
import { findApiForUpdate } from "../project/store";
import { listBillingAccountsOfOrg } from "../billing/store";
import { askProvider } from "../pay/payments";
import { findBundle } from "../pay/catalog";
import { canPublishApi, hasAdminPermissions } from "../../src/domain/permissions";
import { billingProblems, parseBillingAddress } from "../../src/domain/billing";
import { checkoutLineItems, licensedPrice, retentionInDaysFor, type Interval } from "../../src/domain/pay/plans";
import {
  bundleSubscriptionsOf,
  findBundleSubscriptionBySession,
  latestOpenCheckout,
  toBundleSubscription,
  toCheckoutSession,
  type CheckoutSessionRow,
} from "./store";
import type { Resolvers } from "../graphql/__generated__/resolvers";

/** How long a plan choice waits for its billing address and payment (spec §4 'a stored checkout session that has not expired'). */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const newRecordId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** Where the checkout returns to: the console at the address this request reached it (http/origin.ts), so the member comes back signed in. */
const returnUrls = (origin: string, apiId: string) => ({
  success_url: `${origin}/api-setup/${apiId}/publishing?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${origin}/project-publish/${apiId}/bundles?session_id={CHECKOUT_SESSION_ID}`,
});

/** The project, locked, and the caller allowed to publish it (plans are part of publishing). */
async function publisherOf(ctx: Context, tx: DbOrTx, apiId: string) {
  const row = await findApiForUpdate(tx, apiId);
  if (!row) throw notFound();
  const membership = await requireMembership(ctx, row.org_id, tx);
  if (!canPublishApi(membership.roleType)) throw forbidden();
  return row;
}

/** The workspace's billing account, when its details pass spec §5 'Billing, in order'; otherwise the first problem. */
async function completeBillingAccount(tx: DbOrTx, orgId: string) {
  const [account] = await listBillingAccountsOfOrg(tx, orgId, 1);
  if (!account) return { account: null, problem: "error_billing_requires_company_name" as const };
  const [problem] = billingProblems({
    name: account.name,
    billingEmail: account.billing_email,
    address: parseBillingAddress(account.billing_address),
    vatId: account.vat_id ?? "",
  });
  return problem ? { account: null, problem: problem.messageId } : { account, problem: null };
}

/** Opens the provider's checkout for a stored draft, when the billing address allows; returns the updated row and the member's URL. */
async function openCheckout(ctx: Context, tx: DbOrTx, row: CheckoutSessionRow) {
  const viewer = requireViewer(ctx);
  const provider = ctx.payments.provider;
  if (row.session_id) {
    const existing = await askProvider(() => provider.checkoutSession(tx, row.session_id!));
    if (existing?.status === "open") {
      const url = `${ctx.origin}/pay/checkout/${row.session_id}`;
      return { row, sessionUrl: ctx.payments.checkoutUrl(url, row.session_id, row.expires_at, viewer) };
    }
  }
  const billing = await completeBillingAccount(tx, row.org_id);
  if (!billing.account) return { row, sessionUrl: null, problem: billing.problem };
  const account = billing.account;
  const bundle = findBundle(row.bundle_type)!;
  const interval = row.billing_interval as Interval;
  const customerId = await askProvider(() => provider.ensureCustomer(tx, account));
  // A draft continued at another address of the console returns there.
  const back = returnUrls(ctx.origin, row.api_id);
  const session = await askProvider(() =>
    provider.createCheckoutSession(tx, {
      customerId,
      orgId: row.org_id,
      bundleType: row.bundle_type,
      billingInterval: interval,
      lineItems: row.line_items,
      amount: licensedPrice(bundle.products, interval)?.unitAmount ?? 0,
      currency: "EUR",
      successUrl: back.success_url,
      cancelUrl: back.cancel_url,
    }),
  );
  if (!account.payment_provider_id)
    await tx.updateTable("billing_accounts").set({ payment_provider_id: customerId }).where("id", "=", account.id).execute();
  const updated = await tx
    .updateTable("checkout_sessions")
    .set({ session_id: session.id, payment_provider_id: customerId, expires_at: session.expiresAt, ...back })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A checkout completed at once (test automation) goes straight back to the publishing route with session_id.
  const sessionUrl = session.completed ? session.url : ctx.payments.checkoutUrl(session.url, session.id, session.expiresAt, viewer);
  return { row: updated, sessionUrl };
}

const statusOf = (row: CheckoutSessionRow, paid: boolean) => (paid ? "COMPLETE" : row.expires_at.getTime() <= Date.now() ? "EXPIRED" : "OPEN");

export const subscriptionResolvers: Resolvers = {
  Query: {
    productBundles: (_, __, ctx) => {
      requireViewer(ctx);
      return [...ctx.payments.provider.productBundles()];
    },
  },
  Mutation: {
    /**
     * Spec §7 createCheckoutSession: the server works out the line items from the plan (the
     * caller never sets prices or return addresses); with a complete billing address the
     * provider's checkout opens at once, otherwise the draft waits for project-setup-billing.
     */
    async createCheckoutSession(_, args, ctx) {
      requireViewer(ctx);
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        const api = await publisherOf(ctx, tx, input.apiId);
        const bundle = findBundle(input.bundleType);
        if (!bundle) throw refuse("BAD_USER_INPUT", "error_checkout_requires_plan", "Please choose a plan.");
        if (input.billingInterval !== "MONTH" && input.billingInterval !== "YEAR")
          throw refuse("BAD_USER_INPUT", "error_checkout_requires_interval", "Please choose monthly or yearly billing.");
        const interval: Interval = input.billingInterval;
        const { lineItems, meteredItems } = checkoutLineItems(bundle.products, interval);
        const draft = await tx
          .insertInto("checkout_sessions")
          .values({
            id: newRecordId("chk"),
            api_id: api.id,
            org_id: api.org_id,
            expires_at: new Date(Date.now() + DRAFT_LIFETIME_MS),
            ...returnUrls(ctx.origin, api.id),
            metadata: JSON.stringify(meteredItems),
            line_items: JSON.stringify(lineItems),
            bundle_type: bundle.type,
            billing_interval: interval,
            products: JSON.stringify(bundle.products.map((product) => product.name)),
            description: `${bundle.products[0].displayName} · ${api.name}`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const opened = await openCheckout(ctx, tx, draft);
        return { checkoutSession: toCheckoutSession(opened.row, "OPEN"), sessionUrl: opened.sessionUrl };
      });
    },

    /** Billing Continue: the draft gets the workspace's customer and its checkout; refused with the first billing problem. */
    async updateCheckoutSession(_, args, ctx) {
      requireViewer(ctx);
      return ctx.db.transaction().execute(async (tx) => {
        const draft = await tx.selectFrom("checkout_sessions").selectAll().where("id", "=", args.input.id).forUpdate().executeTakeFirst();
        if (!draft) throw notFound();
        await publisherOf(ctx, tx, draft.api_id);
        if (draft.expires_at.getTime() <= Date.now()) throw refuse("CONFLICT", "error_checkout_expired", "This checkout has expired. Please choose a plan again.");
        const opened = await openCheckout(ctx, tx, draft);
        if (opened.problem) throw refuse("BAD_USER_INPUT", opened.problem, "The billing details are incomplete.");
        return { checkoutSession: toCheckoutSession(opened.row, "OPEN"), sessionUrl: opened.sessionUrl };
      });
    },

    /**
     * Spec §4: back from a paid checkout (session_id), the project's bundle subscription is
     * recorded — once per checkout — and its retention follows the plan (§9).
     */
    async createBundleSubscription(_, args, ctx) {
      requireViewer(ctx);
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        const api = await publisherOf(ctx, tx, input.apiId);
        const draft = await tx
          .selectFrom("checkout_sessions")
          .selectAll()
          .where("session_id", "=", input.checkoutSessionId)
          .where("api_id", "=", api.id)
          .executeTakeFirst();
        if (!draft) throw notFound();
        const existing = await findBundleSubscriptionBySession(tx, input.checkoutSessionId);
        if (existing) return toBundleSubscription(existing);
        const checkout = await askProvider(() => ctx.payments.provider.checkoutSession(tx, input.checkoutSessionId));
        if (checkout?.status !== "complete" || !checkout.subscriptionId)
          throw refuse("CONFLICT", "error_checkout_not_paid", "This checkout has not been paid.");
        // A new plan replaces the project's earlier one, so it is never billed twice.
        const earlier = await tx.selectFrom("bundle_subscriptions").select(["id", "payment_provider_id"]).where("api_id", "=", api.id).where("status", "<>", "CANCELED").execute();
        for (const previous of earlier) {
          await askProvider(() => ctx.payments.provider.cancelSubscription(tx, previous.payment_provider_id));
          await tx.updateTable("bundle_subscriptions").set({ status: "CANCELED" }).where("id", "=", previous.id).execute();
        }
        const row = await tx
          .insertInto("bundle_subscriptions")
          .values({
            id: newRecordId("bsub"),
            api_id: api.id,
            org_id: api.org_id,
            payment_provider_id: checkout.subscriptionId,
            item_ids: JSON.stringify(checkout.itemIds),
            checkout_session_id: input.checkoutSessionId,
            bundle_type: draft.bundle_type,
            billing_interval: draft.billing_interval,
            line_items: JSON.stringify(draft.line_items),
            products: JSON.stringify(draft.products),
            status: checkout.trialEndsAt ? "TRIALING" : "ACTIVE",
            trial_ends_at: checkout.trialEndsAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx.updateTable("apis").set({ retention_in_days: retentionInDaysFor(draft.bundle_type as never), updated_at: new Date() }).where("id", "=", api.id).execute();
        return toBundleSubscription(row);
      });
    },

    /** Spec §3 'Subscription item': quantity 0 and, unless given, an empty price. */
    async createSubscriptionItem(_, args, ctx) {
      requireViewer(ctx);
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        const subscription = await tx.selectFrom("bundle_subscriptions").selectAll().where("id", "=", input.bundleSubscriptionId).forUpdate().executeTakeFirst();
        if (!subscription) throw notFound();
        await publisherOf(ctx, tx, subscription.api_id);
        const priceId = input.paymentProviderPriceId ?? "";
        const itemId = await askProvider(() => ctx.payments.provider.createSubscriptionItem(tx, subscription.payment_provider_id, priceId, 0));
        await tx
          .updateTable("bundle_subscriptions")
          .set({ item_ids: JSON.stringify([...subscription.item_ids, itemId]) })
          .where("id", "=", subscription.id)
          .execute();
        return { id: itemId, bundleSubscriptionId: subscription.id, paymentProviderId: subscription.payment_provider_id, paymentProviderPriceId: priceId, quantity: 0 };
      });
    },

    /**
     * Spec §7 deleteBundleSubscription: the provider stops billing and the project keeps the
     * default activity history. Cancelling what was paid for is for owners and admins
     * (docs/ROLES.md plan.cancel); cancelling twice returns the cancelled subscription.
     */
    async deleteBundleSubscription(_, args, ctx) {
      requireViewer(ctx);
      return ctx.db.transaction().execute(async (tx) => {
        const subscription = await tx.selectFrom("bundle_subscriptions").selectAll().where("id", "=", args.input.id).forUpdate().executeTakeFirst();
        if (!subscription) throw notFound();
        const api = await findApiForUpdate(tx, subscription.api_id);
        if (!api) throw notFound();
        const membership = await requireMembership(ctx, api.org_id, tx);
        if (!hasAdminPermissions(membership.roleType)) throw forbidden("error_plan_cancel_forbidden", "Only owners and admins can cancel a plan.");
        if (subscription.status === "CANCELED") return toBundleSubscription(subscription);
        await askProvider(() => ctx.payments.provider.cancelSubscription(tx, subscription.payment_provider_id));
        const canceled = await tx.updateTable("bundle_subscriptions").set({ status: "CANCELED" }).where("id", "=", subscription.id).returningAll().executeTakeFirstOrThrow();
        const [current] = (await bundleSubscriptionsOf(tx, api.id)).filter((row) => row.status !== "CANCELED");
        await tx
          .updateTable("apis")
          .set({ retention_in_days: retentionInDaysFor((current?.bundle_type ?? null) as never), updated_at: new Date() })
          .where("id", "=", api.id)
          .execute();
        return toBundleSubscription(canceled);
      });
    },
  },
  Api: {
    async checkoutDraft(api, _, ctx) {
      const row = await latestOpenCheckout(ctx.db, api.id);
      if (!row) return null;
      // A paid checkout is no longer a draft.
      if (row.session_id && (await findBundleSubscriptionBySession(ctx.db, row.session_id))) return null;
      return toCheckoutSession(row, statusOf(row, false));
    },
    async bundleSubscriptions(api, _, ctx) {
      return (await bundleSubscriptionsOf(ctx.db, api.id)).map(toBundleSubscription);
    },
    async plan(api, _, ctx) {
      const [latest] = await bundleSubscriptionsOf(ctx.db, api.id);
      return latest ? (findBundle(latest.bundle_type)?.type ?? null) : null;
    },
  },
};
