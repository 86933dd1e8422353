import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { AccessControl } from "../../../src/domain/files";
import type { DbOrTx } from "../../db/database";
import { checkLimit, readToken } from "../paging";
import type { Sort } from "../store";

/** Where a project's bytes lie in the object store: one folder per project, never shared. */
export const fileObjectKey = (apiId: string, key: string) => `projects/${apiId}/files/${key}`;
export const functionObjectKey = (apiId: string, key: string) => `projects/${apiId}/functions/${key}.zip`;

/** Files and functions are listed newest first (spec §7 lists, §9 limit 100). */
export const NEWEST_FIRST: Sort = { field: "createdAt", order: "DESC" };

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const SORT_KEY = sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key`);

export interface FileRow {
  id: string;
  key: string;
  name: string;
  mime_type: string;
  access_control: AccessControl;
  bytes: number;
  created_at: string;
  updated_at: string;
  sort_key: string;
}
export interface FunctionRow {
  id: string;
  key: string;
  code_key: string;
  runtime: string;
  bytes: number;
  created_at: string;
  updated_at: string;
  sort_key: string;
}

const FILE_COLUMNS = sql`id, key, name, mime_type, access_control, bytes::float8 as bytes, ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at, ${SORT_KEY}`;
const FUNCTION_COLUMNS = sql`id, key, code_key, runtime, bytes::float8 as bytes, ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at, ${SORT_KEY}`;

export interface PageArgs {
  limit: number;
  nextToken?: string | null;
}

/**
 * One keyset page, one row more than asked so the caller knows whether another follows. The
 * order names the table: a bare `created_at` would be the selected ISO text of that name
 * (milliseconds), not the indexed column the keyset compares.
 */
async function newestPage<T>(db: DbOrTx, table: "project_files" | "project_cloud_functions", apiId: string, args: PageArgs) {
  checkLimit(args.limit);
  const after = readToken(args.nextToken, NEWEST_FIRST);
  const beyond = after ? sql`and (created_at, id) < (${after.sortKey}::timestamptz, ${after.id})` : sql``;
  const columns = table === "project_files" ? FILE_COLUMNS : FUNCTION_COLUMNS;
  const { rows } = await sql<T>`select ${columns} from ${sql.table(table)}
    where api_id = ${apiId} ${beyond} order by ${sql.table(table)}.created_at desc, id desc limit ${args.limit + 1}`.execute(db);
  return rows;
}

export const listFiles = (db: DbOrTx, apiId: string, args: PageArgs) => newestPage<FileRow>(db, "project_files", apiId, args);
export const listFunctions = (db: DbOrTx, apiId: string, args: PageArgs) => newestPage<FunctionRow>(db, "project_cloud_functions", apiId, args);

export async function fileById(db: DbOrTx, apiId: string, id: string) {
  return (await sql<FileRow>`select ${FILE_COLUMNS} from project_files where api_id = ${apiId} and id = ${id}`.execute(db)).rows[0];
}

export async function fileByKey(db: DbOrTx, apiId: string, key: string) {
  return (await sql<FileRow>`select ${FILE_COLUMNS} from project_files where api_id = ${apiId} and key = ${key}`.execute(db)).rows[0];
}

/** What a signed upload URL received, recorded after the bytes are stored. */
export async function recordUpload(db: DbOrTx, apiId: string, key: string, mimeType: string, bytes: number) {
  await sql`insert into project_file_uploads (api_id, key, mime_type, bytes) values (${apiId}, ${key}, ${mimeType}, ${bytes})
    on conflict (api_id, key) do update set mime_type = excluded.mime_type, bytes = excluded.bytes, uploaded_at = now()`.execute(db);
}

export async function uploadOf(db: DbOrTx, apiId: string, key: string) {
  return (await sql<{ mime_type: string; bytes: number }>`select mime_type, bytes::float8 as bytes from project_file_uploads
    where api_id = ${apiId} and key = ${key} for update`.execute(db)).rows[0];
}

export interface NewFile {
  key: string;
  name: string;
  mimeType: string;
  accessControl: AccessControl;
  bytes: number;
}

/** Creates the document, or replaces the one of the same key; says which it did. */
export async function upsertFile(db: DbOrTx, apiId: string, file: NewFile): Promise<{ row: FileRow; created: boolean }> {
  const { rows } = await sql<FileRow & { created: boolean }>`insert into project_files (id, api_id, key, name, mime_type, access_control, bytes)
    values (${randomUUID()}, ${apiId}, ${file.key}, ${file.name}, ${file.mimeType}, ${file.accessControl}, ${file.bytes})
    on conflict (api_id, key) do update set name = excluded.name, mime_type = excluded.mime_type,
      access_control = excluded.access_control, bytes = excluded.bytes, updated_at = now()
    returning ${FILE_COLUMNS}, (xmax = 0) as created`.execute(db);
  const { created, ...row } = rows[0];
  return { row, created };
}

/** Deletes the documents and what their uploads recorded; returns the deleted documents. */
export async function deleteFiles(db: DbOrTx, apiId: string, ids: string[]) {
  const { rows } = await sql<FileRow>`delete from project_files where api_id = ${apiId} and id = any(${ids}::text[]) returning ${FILE_COLUMNS}`.execute(db);
  const keys = rows.map((row) => row.key);
  if (keys.length) await sql`delete from project_file_uploads where api_id = ${apiId} and key = any(${keys}::text[])`.execute(db);
  return rows;
}

export async function functionById(db: DbOrTx, apiId: string, id: string) {
  return (await sql<FunctionRow>`select ${FUNCTION_COLUMNS} from project_cloud_functions where api_id = ${apiId} and id = ${id}`.execute(db)).rows[0];
}

export async function functionByKey(db: DbOrTx, apiId: string, key: string) {
  return (await sql<FunctionRow>`select ${FUNCTION_COLUMNS} from project_cloud_functions where api_id = ${apiId} and key = ${key}`.execute(db)).rows[0];
}

export async function upsertFunction(db: DbOrTx, apiId: string, fn: { key: string; codeKey: string; runtime: string; bytes: number }) {
  const { rows } = await sql<FunctionRow & { created: boolean }>`insert into project_cloud_functions (id, api_id, key, code_key, runtime, bytes)
    values (${randomUUID()}, ${apiId}, ${fn.key}, ${fn.codeKey}, ${fn.runtime}, ${fn.bytes})
    on conflict (api_id, key) do update set code_key = excluded.code_key, runtime = excluded.runtime, bytes = excluded.bytes, updated_at = now()
    returning ${FUNCTION_COLUMNS}, (xmax = 0) as created`.execute(db);
  const { created, ...row } = rows[0];
  return { row, created };
}

export async function deleteFunctions(db: DbOrTx, apiId: string, ids: string[]) {
  const { rows } = await sql<FunctionRow>`delete from project_cloud_functions where api_id = ${apiId} and id = any(${ids}::text[]) returning ${FUNCTION_COLUMNS}`.execute(db);
  return rows;
}
