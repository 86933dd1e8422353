import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { AccessControl } from "../../../src/domain/files";
import type { DbOrTx } from "../../db/database";
import { checkLimit, readToken } from "../entries/paging";
import type { Sort } from "../entries/store";

/** Where a project's bytes lie in the object store: one folder per project, never shared. */
export const fileObjectKey = (apiId: string, key: string) => `projects/${apiId}/files/${key}`;
/**
 * A new object for one upload's bytes. An object is never written twice, so a document that
 * names it always serves the bytes its size and type were recorded for.
 */
export const newFileObjectKey = (apiId: string) => `projects/${apiId}/file-objects/${randomUUID()}`;
/** The object of an upload or document; rows from before each upload had its own name none. */
export const objectKeyOf = (apiId: string, row: { key: string; object_key: string | null }) => row.object_key ?? fileObjectKey(apiId, row.key);
export const functionObjectKey = (apiId: string, key: string) => `projects/${apiId}/functions/${key}.zip`;

/** Files and functions are listed newest first (spec §7 lists, §9 limit 100). */
export const NEWEST_FIRST: Sort = { field: "createdAt", order: "DESC" };

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const SORT_KEY = sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key`);

export interface FileRow {
  id: string;
  key: string;
  object_key: string | null;
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

const FILE_COLUMNS = sql`id, key, object_key, name, mime_type, access_control, bytes::float8 as bytes, ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at, ${SORT_KEY}`;
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

/**
 * Records that a signed upload URL was used, once: false when it already was (a second PUT, or
 * one racing this one). Used-up nonces are kept until well after their URLs expired.
 */
export async function useUploadNonce(db: DbOrTx, apiId: string, nonce: string, expiresAt: number) {
  await sql`delete from project_file_upload_uses where expires_at < now() - interval '1 hour'`.execute(db);
  const { rows } = await sql`insert into project_file_upload_uses (nonce, api_id, expires_at) values (${nonce}, ${apiId}, ${new Date(expiresAt)})
    on conflict (nonce) do nothing returning nonce`.execute(db);
  return rows.length === 1;
}

export async function isUploadNonceUsed(db: DbOrTx, nonce: string) {
  return (await sql`select 1 from project_file_upload_uses where nonce = ${nonce}`.execute(db)).rows.length > 0;
}

/**
 * What an upload received, recorded after its bytes are stored in their own object. Returns the
 * object the key's previous upload left that no document serves: the caller removes it.
 */
export async function recordUpload(db: DbOrTx, apiId: string, key: string, upload: { mimeType: string; bytes: number; objectKey: string }) {
  const previous = await uploadOf(db, apiId, key);
  await sql`insert into project_file_uploads (api_id, key, mime_type, bytes, object_key) values (${apiId}, ${key}, ${upload.mimeType}, ${upload.bytes}, ${upload.objectKey})
    on conflict (api_id, key) do update set mime_type = excluded.mime_type, bytes = excluded.bytes, object_key = excluded.object_key, uploaded_at = now()`.execute(db);
  if (!previous) return null;
  const previousObject = objectKeyOf(apiId, { key, object_key: previous.object_key });
  const served = await fileByKey(db, apiId, key);
  return previousObject === upload.objectKey || (served && objectKeyOf(apiId, served) === previousObject) ? null : previousObject;
}

/** The key's last upload, locked: a document made from it and a new upload do not cross. */
export async function uploadOf(db: DbOrTx, apiId: string, key: string) {
  return (await sql<{ mime_type: string; bytes: number; object_key: string | null }>`select mime_type, bytes::float8 as bytes, object_key from project_file_uploads
    where api_id = ${apiId} and key = ${key} for update`.execute(db)).rows[0];
}

export interface NewFile {
  key: string;
  objectKey: string;
  name: string;
  mimeType: string;
  accessControl: AccessControl;
  bytes: number;
}

/**
 * Creates the document, or replaces the one of the same key; says which it did, and returns the
 * object the replaced document served when it is another one (the caller removes it).
 */
export async function upsertFile(db: DbOrTx, apiId: string, file: NewFile): Promise<{ row: FileRow; created: boolean; replacedObject: string | null }> {
  const before = await fileByKey(db, apiId, file.key);
  const { rows } = await sql<FileRow & { created: boolean }>`insert into project_files (id, api_id, key, name, mime_type, access_control, bytes, object_key)
    values (${randomUUID()}, ${apiId}, ${file.key}, ${file.name}, ${file.mimeType}, ${file.accessControl}, ${file.bytes}, ${file.objectKey})
    on conflict (api_id, key) do update set name = excluded.name, mime_type = excluded.mime_type,
      access_control = excluded.access_control, bytes = excluded.bytes, object_key = excluded.object_key, updated_at = now()
    returning ${FILE_COLUMNS}, (xmax = 0) as created`.execute(db);
  const { created, ...row } = rows[0];
  const previousObject = before ? objectKeyOf(apiId, before) : null;
  return { row, created, replacedObject: previousObject && previousObject !== file.objectKey ? previousObject : null };
}

/** Deletes the documents and what their uploads recorded; returns the deleted documents and every object they leave unused. */
export async function deleteFiles(db: DbOrTx, apiId: string, ids: string[]) {
  const { rows } = await sql<FileRow>`delete from project_files where api_id = ${apiId} and id = any(${ids}::text[]) returning ${FILE_COLUMNS}`.execute(db);
  const keys = rows.map((row) => row.key);
  const uploads = keys.length
    ? (await sql<{ key: string; object_key: string | null }>`delete from project_file_uploads where api_id = ${apiId} and key = any(${keys}::text[]) returning key, object_key`.execute(db)).rows
    : [];
  const objects = new Set([...rows, ...uploads].map((row) => objectKeyOf(apiId, row)));
  return { rows, objects: [...objects] };
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
