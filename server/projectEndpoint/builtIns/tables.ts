import { sql } from "kysely";
import { apiKeyDescriptionProblem, apiKeyExpiryProblem, apiKeyGraceProblem, successorValidityDays } from "../../../src/domain/apiKeys";
import { canDeleteApiKeys, canEditApiKeys } from "../../../src/domain/permissions";
import type { DbOrTx } from "../../db/database";
import { forbidden, notFound, refuse } from "../../graphqlKit/errors";
import { requireAction } from "../access/access";
import type { ProjectContext } from "../context";
import { checkLimit, readToken, toConnection } from "../entries/paging";
import { withinRetention } from "./retention";
import { KEY_USE_COLUMNS } from "../access/keyUses";

/**
 * The built-in tables every project has (spec §3 "Built-in tables", §7 "API keys use the same
 * record calls with an ApiKey type", "Activities: list, limit 50, descending"). Keys are
 * managed by console members with the rights of docs/ROLES.md, never with an API key.
 */
export const BUILT_IN_SDL = `
"Spec §3 'API key entry'; expires in seconds since the epoch."
type ApiKey {
  id: ID!
  key: String!
  description: String
  expires: Float!
  createdAt: String!
  updatedAt: String!
  "When the key last authenticated a request; null if never."
  lastUsedAt: String
  "Requests the key authenticated in the last 24 hours (counted by the hour)."
  usesLast24h: Int!
}
type ApiKeyConnection { items: [ApiKey!]! nextToken: String }
input CreateApiKeyInput { description: String expires: Float }
input UpdateApiKeyInput { id: ID! description: String expires: Float }
input DeleteApiKeyInput { id: ID! key: String }
"graceDays: how long the old key keeps working, 0 to 30 days (0: it stops at once)."
input RotateApiKeyInput { id: ID! graceDays: Int! }
"Spec §3 'Activity': one per written entry."
type Activity { id: ID! createdAt: String! eventName: String! recordType: String! recordId: ID! }
type ActivityConnection { items: [Activity!]! nextToken: String }
`;
export const BUILT_IN_QUERIES = [
  `listApiKey(limit: Int = 50, nextToken: String): ApiKeyConnection!`,
  `"One key by id (the record calls' get): the console shows the default key whichever page of the list holds it."
  getApiKey(id: ID!): ApiKey`,
  `listActivity(limit: Int = 50, nextToken: String): ActivityConnection!`,
];
export const BUILT_IN_MUTATIONS = [
  `createApiKey(input: CreateApiKeyInput!): ApiKey!`,
  `updateApiKey(input: UpdateApiKeyInput!): ApiKey!`,
  `batchDeleteApiKey(input: [DeleteApiKeyInput!]!): [ApiKey!]!`,
  `"A successor of the key (same description and validity); the old key expires after the grace period, or at once."
  rotateApiKey(input: RotateApiKeyInput!): ApiKey!`,
];

const NEWEST_FIRST = { field: "createdAt", order: "DESC" as const };
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const sortKey = sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

interface KeyRow {
  id: string;
  sealed_key: string;
  description: string | null;
  expires: number;
  created_at: string;
  updated_at: string;
  sort_key: string;
  last_used_at?: string | null;
  uses_24h?: number;
}

/** Newest first, keyset-paged like the tables' lists (ordered by the column, not the selected text of its name). */
async function newestPage<T extends { id: string; sort_key: string }>(
  db: DbOrTx,
  table: "project_api_keys" | "project_activities",
  columns: ReturnType<typeof sql>,
  apiId: string,
  args: { limit: number; nextToken?: string | null },
  kept = sql`true`,
) {
  checkLimit(args.limit);
  const after = readToken(args.nextToken, NEWEST_FIRST);
  const beyond = after ? sql`and (created_at, id) < (${after.sortKey}::timestamptz, ${after.id})` : sql``;
  const { rows } = await sql<T>`select ${columns}, ${sortKey} as sort_key from ${sql.table(table)}
    where api_id = ${apiId} and ${kept} ${beyond} order by ${sql.table(table)}.created_at desc, id desc limit ${args.limit + 1}`.execute(db);
  return rows;
}

const KEY_COLUMNS = sql`id, sealed_key, description, extract(epoch from expires_at)::float8 as expires, ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at`;
const KEY_LIST_COLUMNS = sql`${KEY_COLUMNS}, ${KEY_USE_COLUMNS}`;
const ACTIVITY_COLUMNS = sql`id, event_name as "eventName", record_type as "recordType", record_id as "recordId", ${iso("created_at")} as "createdAt"`;

function requireKeyRights(ctx: ProjectContext, action: "edit" | "delete") {
  const { caller, imported } = ctx.project;
  if (caller.kind !== "member") throw forbidden();
  const may = action === "edit" ? canEditApiKeys(caller.roleType, imported) : canDeleteApiKeys(caller.roleType, imported);
  if (!may) throw forbidden("error_api_management_requires_role", "Only users with role 'OWNER' or 'ADMIN' can manage API keys, project data or users.");
}

function checkDescription(description: string | null | undefined) {
  if (apiKeyDescriptionProblem(description)) {
    throw refuse("BAD_USER_INPUT", "error_api_key_description_length", "The description may have at most 256 characters.", { field: "description" });
  }
}

/** Counted in the transaction that adds the key, after locking the project, so two calls cannot both take the last place. */
async function checkRoomForKey(ctx: ProjectContext, tx: DbOrTx) {
  await sql`select id from apis where id = ${ctx.project.apiId} for update`.execute(tx);
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from project_api_keys where api_id = ${ctx.project.apiId} and expires_at > now()`.execute(tx);
  const max = ctx.config.limits.apiKeysPerProject;
  if ((rows[0]?.count ?? 0) >= max) {
    throw refuse("BAD_USER_INPUT", "error_api_key_limit", `A project can have at most ${max} API keys that have not expired.`, { max });
  }
}

function checkExpiry(expires: number | null | undefined) {
  if (expires === null || expires === undefined) return;
  if (apiKeyExpiryProblem(expires, Date.now())) {
    throw refuse("BAD_USER_INPUT", "error_api_key_expires", "expires must be 1 to 365 days from now.", { field: "expires" });
  }
}

export function builtInResolvers() {
  const toKey = (ctx: ProjectContext) => (row: Omit<KeyRow, "sort_key">) => ({
    id: row.id,
    key: ctx.project.apiKeys.reveal(row),
    description: row.description,
    expires: Math.floor(row.expires),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastUsedAt: row.last_used_at ?? null,
    usesLast24h: row.uses_24h ?? 0,
  });
  const keyById = async (db: DbOrTx, apiId: string, id: string) =>
    (await sql<KeyRow>`select ${KEY_LIST_COLUMNS}, '' as sort_key from project_api_keys where api_id = ${apiId} and id = ${id}`.execute(db)).rows[0];

  return {
    Query: {
      async listApiKey(_: unknown, args: { limit: number; nextToken?: string | null }, ctx: ProjectContext) {
        requireKeyRights(ctx, "edit");
        await ctx.project.keyUses.flush();
        const rows = await newestPage<KeyRow>(ctx.db, "project_api_keys", KEY_LIST_COLUMNS, ctx.project.apiId, args);
        const { items, nextToken } = toConnection(rows, args.limit, NEWEST_FIRST, toKey(ctx));
        return { items, nextToken };
      },
      async getApiKey(_: unknown, args: { id: string }, ctx: ProjectContext) {
        requireKeyRights(ctx, "edit");
        await ctx.project.keyUses.flush();
        const row = await keyById(ctx.db, ctx.project.apiId, args.id);
        return row ? toKey(ctx)(row) : null;
      },
      async listActivity(_: unknown, args: { limit: number; nextToken?: string | null }, ctx: ProjectContext) {
        // Activities are data: whoever may read entries may read them (docs/ROLES.md data.view).
        requireAction(ctx.project.caller, "read");
        const { apiId } = ctx.project;
        const rows = await newestPage<{ id: string; sort_key: string }>(ctx.db, "project_activities", ACTIVITY_COLUMNS, apiId, args, withinRetention(apiId));
        const { items, nextToken } = toConnection(rows, args.limit, NEWEST_FIRST, ({ sort_key: _, ...activity }) => activity);
        return { items, nextToken };
      },
    },
    Mutation: {
      async createApiKey(_: unknown, { input }: { input: { description?: string | null; expires?: number | null } }, ctx: ProjectContext) {
        requireKeyRights(ctx, "edit");
        checkExpiry(input.expires);
        checkDescription(input.description);
        const expiresAt = input.expires ? new Date(input.expires * 1000) : undefined;
        const created = await ctx.db.transaction().execute(async (tx) => {
          await checkRoomForKey(ctx, tx);
          return ctx.project.apiKeys.insertKey(tx, ctx.project.apiId, { description: input.description, expiresAt });
        });
        return toKey(ctx)((await keyById(ctx.db, ctx.project.apiId, created.id))!);
      },
      async updateApiKey(_: unknown, { input }: { input: { id: string; description?: string | null; expires?: number | null } }, ctx: ProjectContext) {
        requireKeyRights(ctx, "edit");
        checkExpiry(input.expires);
        checkDescription(input.description);
        const row = await ctx.db.transaction().execute(async (tx) => {
          const changes = [sql`updated_at = now()`];
          if (input.description !== undefined) changes.push(sql`description = ${input.description}`);
          if (input.expires) changes.push(sql`expires_at = to_timestamp(${input.expires})`);
          const { rows } = await sql<{ id: string }>`update project_api_keys set ${sql.join(changes)} where api_id = ${ctx.project.apiId} and id = ${input.id} returning id`.execute(tx);
          if (!rows[0]) throw notFound();
          return keyById(tx, ctx.project.apiId, input.id);
        });
        // Sockets opened with the key close at its new expiry, not the one they were opened with.
        if (input.expires) ctx.pubsub.credentialChanged({ kind: "apiKeyExpiry", apiKeyId: row!.id, expiresAt: input.expires * 1000 });
        return toKey(ctx)(row!);
      },
      async rotateApiKey(_: unknown, { input }: { input: { id: string; graceDays: number } }, ctx: ProjectContext) {
        // Rotation adds a key and shortens another: the rights of adding and editing keys.
        requireKeyRights(ctx, "edit");
        if (apiKeyGraceProblem(input.graceDays)) {
          throw refuse("BAD_USER_INPUT", "error_api_key_grace_days", "The grace period must be 0 to 30 days.", { field: "graceDays" });
        }
        const { apiId } = ctx.project;
        const { successor, oldExpiresAt } = await ctx.db.transaction().execute(async (tx) => {
          const { rows } = await sql<{ id: string; description: string | null; created_at: Date; expires_at: Date }>`select id, description, created_at, expires_at
            from project_api_keys where api_id = ${apiId} and id = ${input.id} for update`.execute(tx);
          const old = rows[0];
          if (!old) throw notFound();
          await checkRoomForKey(ctx, tx);
          const days = successorValidityDays(new Date(old.created_at).getTime(), new Date(old.expires_at).getTime());
          const created = await ctx.project.apiKeys.insertKey(tx, apiId, { description: old.description, expiresAt: new Date(Date.now() + days * 86_400_000) });
          // Never lengthens the old key: one that expires within the grace period keeps its own date.
          const { rows: ended } = await sql<{ expires: number }>`update project_api_keys
            set expires_at = least(expires_at, now() + make_interval(days => ${input.graceDays})), updated_at = now()
            where id = ${old.id} returning extract(epoch from expires_at)::float8 * 1000 as expires`.execute(tx);
          return { successor: created, oldExpiresAt: ended[0]!.expires };
        });
        // Sockets opened with the old key close when its grace period ends (at once with 0 days).
        ctx.pubsub.credentialChanged({ kind: "apiKeyExpiry", apiKeyId: input.id, expiresAt: oldExpiresAt });
        return toKey(ctx)((await keyById(ctx.db, apiId, successor.id))!);
      },
      async batchDeleteApiKey(_: unknown, { input }: { input: { id: string }[] }, ctx: ProjectContext) {
        requireKeyRights(ctx, "delete");
        const deleted = await ctx.db.transaction().execute(async (tx) => {
          const ids = input.map((entry) => entry.id);
          const { rows } = await sql<KeyRow>`delete from project_api_keys where api_id = ${ctx.project.apiId} and id = any(${ids}::text[])
            returning ${KEY_COLUMNS}, '' as sort_key`.execute(tx);
          return rows;
        });
        // Once committed, sockets opened with these keys close, as their next request would be refused.
        if (deleted.length > 0) ctx.pubsub.credentialChanged({ kind: "apiKeysDeleted", apiKeyIds: deleted.map((row) => row.id) });
        return deleted.map(toKey(ctx));
      },
    },
  };
}

