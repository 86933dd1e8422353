import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Abuse limits and sign-in throttling live in the database, so they hold across several server
 * processes: fixed-window counters by key, and wrong-password counts per account and source
 * address (which replace the per-user counters, so a stranger cannot lock an owner out).
 */
export const abuseLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table rate_limits (
        key text primary key,
        points integer not null,
        window_ends timestamptz not null
      );
      create index rate_limits_window_ends on rate_limits (window_ends);
      create table auth_failures (
        account text not null,
        source text not null,
        failures integer not null,
        locked_until timestamptz,
        updated_at timestamptz not null,
        primary key (account, source)
      );
      alter table auth_users drop column failed_attempts;
      alter table auth_users drop column locked_until
    `);
  },
};
