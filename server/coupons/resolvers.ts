import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { requireViewer } from "../graphqlKit/context";
import type { Tables } from "../db/tables";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership, requireSuperuser } from "../access";
import { findApiForUpdate } from "../project/store";
import { canPublishApi } from "../../src/domain/permissions";
import { validateRegion } from "../../src/domain/project";
import type { Resolvers } from "../graphql/__generated__/resolvers";
import { redeemRegionCoupon } from "./redeem";

/** Spec §9: the coupon list is 10 long (the lookup's 5 tries are in ./redeem.ts). */
const COUPON_LIST_LIMIT = 10;
const COUPON_CODE_MAX_LENGTH = 64;

const toCoupon = (row: Selectable<Tables["account_coupons"]>) => ({
  id: row.id,
  awsAccountId: row.aws_account_id,
  configRegion: row.config_region,
  couponCode: row.coupon_code,
  status: row.status,
  createdAt: row.created_at,
});

export const couponResolvers: Resolvers = {
  Query: {
    async accountCoupons(_, args, ctx) {
      requireSuperuser(ctx);
      const rows = await ctx.db
        .selectFrom("account_coupons")
        .selectAll()
        .where("config_region", "=", args.configRegion)
        .where("status", "=", args.status)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(Math.min(Math.max(args.first, 1), COUPON_LIST_LIMIT))
        .execute();
      return rows.map(toCoupon);
    },
  },
  Mutation: {
    async createAccountCoupon(_, args, ctx) {
      requireSuperuser(ctx);
      const { input } = args;
      if (validateRegion(input.configRegion)) throw refuse("BAD_USER_INPUT", "error_api_create_requires_region", "Please select a region.");
      const code = input.couponCode.trim();
      if (!code || code.length > COUPON_CODE_MAX_LENGTH || !input.awsAccountId.trim())
        throw refuse("BAD_USER_INPUT", "error_coupon_invalid", "Please enter a coupon code and a cloud account.");
      const row = await ctx.db
        .insertInto("account_coupons")
        .values({ id: `cpn_${randomBytes(12).toString("base64url")}`, aws_account_id: input.awsAccountId.trim(), config_region: input.configRegion, coupon_code: code })
        .onConflict((conflict) => conflict.column("coupon_code").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw refuse("CONFLICT", "error_coupon_invalid", "This coupon code exists already.");
      return toCoupon(row);
    },

    /** Spec §7 'createCoupon redemption': a member who may publish claims the region's coupon for the project. */
    async createCouponRedemption(_, args, ctx) {
      requireViewer(ctx);
      return ctx.db.transaction().execute(async (tx) => {
        const api = await findApiForUpdate(tx, args.input.apiId);
        if (!api) throw notFound();
        const membership = await requireMembership(ctx, api.org_id, tx);
        if (!canPublishApi(membership.roleType)) throw forbidden();
        return redeemRegionCoupon(tx, api);
      });
    },
  },
};
