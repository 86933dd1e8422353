import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Tx } from "../db/database";
import type { Tables } from "../db/tables";
import { refuse } from "../graphqlKit/errors";

/** Spec §8: 'Failed to redeem coupon…' after the lookup was tried up to 5 times. */
const REDEEM_ATTEMPTS = 5;

export const toRedemption = (row: Selectable<Tables["coupon_redemptions"]>) => ({
  id: row.id,
  createdAt: row.created_at,
  redeemedById: row.redeemed_by_id,
  redeemedByType: row.redeemed_by_type,
  couponCode: row.coupon_code,
});

const unavailable = (region: string) =>
  refuse("CONFLICT", "error_coupon_unavailable", `Failed to redeem coupon. No valid coupons available for region ${region}.`, { values: { region } });

/**
 * Spec §7 'createCoupon redemption' and §8: claims the region's newest VALID coupon for the
 * project, skipping coupons another transaction holds, with up to 5 lookups before 'Failed to
 * redeem coupon. No valid coupons available for region …'. Runs in the caller's transaction, so
 * a refused publish leaves the coupon valid.
 */
export async function redeemRegionCoupon(tx: Tx, api: { id: string; region: string }) {
  for (let attempt = 0; attempt < REDEEM_ATTEMPTS; attempt++) {
    const coupon = await tx
      .selectFrom("account_coupons")
      .selectAll()
      .where("config_region", "=", api.region)
      .where("status", "=", "VALID")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!coupon) break;
    const claimed = await tx.updateTable("account_coupons").set({ status: "USED" }).where("id", "=", coupon.id).where("status", "=", "VALID").executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const redemption = await tx
      .insertInto("coupon_redemptions")
      .values({ id: `red_${randomBytes(12).toString("base64url")}`, coupon_code: coupon.coupon_code, redeemed_by_id: api.id, redeemed_by_type: "api" })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRedemption(redemption);
  }
  throw unavailable(api.region);
}

/**
 * A project's first publish redeems its region's account coupon when the operator runs that
 * region on coupons (has loaded any), so credit is claimed once per project and a region out of
 * coupons refuses the publish with §8's message; regions without coupons publish as before
 * (docs/DECISIONS.md).
 */
export async function redeemCouponOnFirstPublish(tx: Tx, api: { id: string; region: string }, isFirstPublish: boolean) {
  if (!isFirstPublish) return;
  const redeemed = await tx.selectFrom("coupon_redemptions").select("id").where("redeemed_by_type", "=", "api").where("redeemed_by_id", "=", api.id).executeTakeFirst();
  if (redeemed) return;
  const regionUsesCoupons = await tx.selectFrom("account_coupons").select("id").where("config_region", "=", api.region).limit(1).executeTakeFirst();
  if (regionUsesCoupons) await redeemRegionCoupon(tx, api);
}
