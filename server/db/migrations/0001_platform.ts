import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/** Sign-in service, mailbox, users, workspaces, roles, billing accounts and projects. */
export const platform: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table auth_keys (
        kid text primary key,
        private_jwk jsonb not null,
        public_jwk jsonb not null,
        created_at timestamptz not null default now()
      );
      create table auth_users (
        sub uuid primary key,
        email text not null unique,
        email_verified boolean not null default false,
        confirmed boolean not null default false,
        srp_salt text not null,
        srp_verifier text not null,
        locale text not null default 'en',
        failed_attempts integer not null default 0,
        locked_until timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table auth_codes (
        id text primary key,
        sub uuid not null references auth_users(sub) on delete cascade,
        purpose text not null,
        code_hash text not null,
        new_email text,
        attempts integer not null default 0,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index auth_codes_sub_purpose on auth_codes (sub, purpose);
      create table auth_refresh_tokens (
        id text primary key,
        sub uuid not null references auth_users(sub) on delete cascade,
        token_hash text not null unique,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index auth_refresh_tokens_sub on auth_refresh_tokens (sub);
      create table mails (
        id text primary key,
        recipient text not null,
        subject text not null,
        text_body text not null,
        html_body text not null,
        created_at timestamptz not null default now()
      );
      create index mails_recipient on mails (recipient, created_at desc);
      create table users (
        id text primary key,
        email text not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table orgs (
        id text primary key,
        name text not null,
        aws_account_id text,
        data_processing_categories text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table roles (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        user_email text not null,
        type text not null,
        last_sign_in_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (org_id, user_email)
      );
      create index roles_user_email on roles (user_email);
      create table billing_accounts (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        name text not null,
        billing_email text not null,
        billing_address text,
        payment_provider_id text not null default '',
        vat_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index billing_accounts_org on billing_accounts (org_id);
      create table apis (
        id text primary key,
        org_id text not null references orgs(id) on delete cascade,
        name text not null,
        region text not null,
        state text not null,
        creation_type text not null default 'PUBLISH',
        default_auth_mode text not null default 'aws_api_key',
        additional_auth_modes jsonb not null default '[]',
        aws_account_id text,
        use_prefix boolean not null default true,
        oidc text,
        schema text not null default '{}',
        graphql_url text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index apis_org on apis (org_id, created_at desc);
    `);
  },
};
