import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Each project's own user pool: its pool and client ids, and the sign-in credentials
 * of its users. A project user is an entry of the project's users table; `sub` is that entry's
 * id, so deleting the entry deletes the credential in the same transaction. Only the SRP salt
 * and verifier are kept, never the password. Codes and sessions have the console pool's columns
 * (auth_codes, auth_refresh_tokens) so the same sign-in code serves both; they cascade from the
 * credential. Entry ids are server-made UUIDs, so a sub is unique across projects.
 */
export const projectUserPools: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_user_pools (
        api_id text primary key references apis(id) on delete cascade,
        pool_id text not null unique,
        client_id text not null unique,
        created_at timestamptz not null default now()
      );
      create table project_user_credentials (
        api_id text not null references apis(id) on delete cascade,
        sub uuid not null,
        email text not null,
        email_verified boolean not null default false,
        confirmed boolean not null default false,
        srp_salt text not null,
        srp_verifier text not null,
        locale text not null default 'en',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (api_id, sub)
      );
      create unique index project_user_credentials_email on project_user_credentials (api_id, email);
      create unique index project_user_credentials_sub on project_user_credentials (sub);
      create table project_user_codes (
        id text primary key,
        sub uuid not null references project_user_credentials(sub) on delete cascade,
        purpose text not null,
        code_hash text not null,
        new_email text,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index project_user_codes_sub_purpose on project_user_codes (sub, purpose);
      create table project_user_sessions (
        id text primary key,
        sub uuid not null references project_user_credentials(sub) on delete cascade,
        token_hash text not null unique,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index project_user_sessions_sub on project_user_sessions (sub)
    `);
  },
};
