import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * The groups of a project's pool users, as Cognito's
 * AdminAddUserToGroup keeps them: beside the user, never in their users-table entry, which the
 * user owns and may write — so only console members can grant a group. They go into both
 * tokens as `cognito:groups` at sign-in and refresh; they leave with the user's credential.
 */
export const projectUserGroups: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_user_groups (
        api_id text not null,
        sub uuid not null,
        group_name text not null,
        created_at timestamptz not null default now(),
        primary key (api_id, sub, group_name),
        foreign key (api_id, sub) references project_user_credentials (api_id, sub) on delete cascade
      )
    `);
  },
};
