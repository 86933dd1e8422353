import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import { checkLimit, readToken } from "../projectEndpoint/entries/paging";
import type { Sort } from "../projectEndpoint/entries/store";
import { withinRetention } from "../projectEndpoint/builtIns/retention";
import type { InvocationOutcome } from "./sandbox/pool";

/** A function's invocations are listed newest first, like its project's activities. */
export const NEWEST_FIRST: Sort = { field: "createdAt", order: "DESC" };

export interface FunctionLogRow {
  id: string;
  function_key: string;
  /** url, or the trigger that ran it: trigger:<Table>:<step>:<type>. */
  source: string;
  status: string;
  error: string | null;
  stdout: string;
  stderr: string;
  duration_ms: number;
  cpu_ms: number;
  memory_bytes: number;
  created_at: string;
  sort_key: string;
}

const COLUMNS = sql.raw(`id, function_key, source, status, error, stdout, stderr, duration_ms, cpu_ms, memory_bytes::float8 as memory_bytes,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key`);

/** The pubsub topic id of one function's invocations. */
export const functionLogTopic = (apiId: string, functionKey: string) => `${apiId}:${functionKey}`;

export async function recordInvocation(db: DbOrTx, apiId: string, functionKey: string, source: string, outcome: InvocationOutcome) {
  const { rows } = await sql<FunctionLogRow>`insert into project_function_logs (id, api_id, function_key, source, status, error, stdout, stderr, duration_ms, cpu_ms, memory_bytes)
    values (${randomUUID()}, ${apiId}, ${functionKey}, ${source}, ${outcome.status}, ${outcome.error ?? null}, ${outcome.stdout}, ${outcome.stderr},
      ${outcome.durationMs}, ${outcome.cpuMs}, ${outcome.memoryBytes}) returning ${COLUMNS}`.execute(db);
  return rows[0];
}

/** One keyset page of a function's invocations within the project's retention, one row more than asked. */
export async function listInvocations(db: DbOrTx, apiId: string, functionKey: string, args: { limit: number; nextToken?: string | null }) {
  checkLimit(args.limit);
  const after = readToken(args.nextToken, NEWEST_FIRST);
  const beyond = after ? sql`and (created_at, id) < (${after.sortKey}::timestamptz, ${after.id})` : sql``;
  const { rows } = await sql<FunctionLogRow>`select ${COLUMNS} from project_function_logs
    where api_id = ${apiId} and function_key = ${functionKey} and ${withinRetention(apiId)} ${beyond}
    order by project_function_logs.created_at desc, id desc limit ${args.limit + 1}`.execute(db);
  return rows;
}

/** Deletes every project's invocation records older than its retention (the hourly upkeep). */
export async function dropExpiredFunctionLogs(db: DbOrTx): Promise<number> {
  const result = await sql`delete from project_function_logs as log using apis
    where log.api_id = apis.id and log.created_at < now() - make_interval(days => apis.retention_in_days)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
