import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Plans and payments (spec §3 Checkout session, Bundle subscription). The built-in
 * payment provider keeps its own tables (pay_…), as an outside provider would keep its own
 * records; the platform keeps checkout sessions and bundle subscriptions per project.
 */
export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table apis add column retention_in_days integer not null default 1;
      create table pay_customers (
        id text primary key,
        billing_account_id text not null unique references billing_accounts(id) on delete cascade,
        created_at timestamptz not null default now()
      );
      create table pay_checkout_sessions (
        id text primary key,
        customer_id text not null references pay_customers(id) on delete cascade,
        org_id text not null,
        line_items jsonb not null,
        bundle_type text not null,
        billing_interval text not null,
        amount integer not null,
        currency text not null,
        status text not null default 'open',
        success_url text not null,
        cancel_url text not null,
        expires_at timestamptz not null,
        subscription_id text,
        created_at timestamptz not null default now()
      );
      create table pay_subscriptions (
        id text primary key,
        customer_id text not null references pay_customers(id) on delete cascade,
        checkout_session_id text not null unique,
        bundle_type text not null,
        billing_interval text not null,
        amount integer not null,
        currency text not null,
        status text not null,
        trial_ends_at timestamptz,
        current_period_end timestamptz not null,
        created_at timestamptz not null default now()
      );
      create table pay_subscription_items (
        id text primary key,
        subscription_id text not null references pay_subscriptions(id) on delete cascade,
        price_id text not null,
        quantity integer,
        created_at timestamptz not null default now()
      );
      create table checkout_sessions (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        org_id text not null,
        payment_provider_id text not null default '',
        session_id text unique,
        expires_at timestamptz not null,
        success_url text not null,
        cancel_url text not null,
        metadata text not null,
        line_items jsonb not null,
        bundle_type text not null,
        billing_interval text not null,
        products jsonb not null,
        description text not null,
        created_at timestamptz not null default now()
      );
      create index checkout_sessions_api on checkout_sessions (api_id, created_at desc);
      create table bundle_subscriptions (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        org_id text not null,
        payment_provider_id text not null,
        item_ids jsonb not null,
        checkout_session_id text not null unique,
        bundle_type text not null,
        billing_interval text not null,
        line_items jsonb not null,
        products jsonb not null,
        status text not null,
        trial_ends_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index bundle_subscriptions_api on bundle_subscriptions (api_id, created_at desc)
    `);
  },
};
