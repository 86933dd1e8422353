import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Account coupons (spec §3 'Account coupon', 'CouponRedemption'; §7): credit for the cloud
 * account of a region, loaded by the operator and redeemed once by a project.
 */
export const coupons: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table account_coupons (
        id text primary key,
        aws_account_id text not null,
        config_region text not null,
        coupon_code text not null unique,
        status text not null default 'VALID',
        created_at timestamptz not null default now()
      );
      create index account_coupons_valid on account_coupons (config_region, created_at desc, id) where status = 'VALID';
      create table coupon_redemptions (
        id text primary key,
        coupon_code text not null references account_coupons(coupon_code) on delete cascade,
        redeemed_by_id text not null,
        redeemed_by_type text not null,
        created_at timestamptz not null default now()
      );
      create index coupon_redemptions_by on coupon_redemptions (redeemed_by_type, redeemed_by_id)
    `);
  },
};
