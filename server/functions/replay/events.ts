import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DbOrTx } from "../../db/database";
import type { InvocationOutcome } from "../sandbox/pool";

/** An event larger than this is not kept for replay: replays are for the everyday case. */
export const REPLAY_EVENT_MAX_BYTES = 256 * 1024;

export interface TriggerEventRow {
  id: string;
  table_name: string;
  trigger_name: string;
  function_key: string;
  handler: string | null;
  step: string;
  type: string;
  event: string;
  status: string;
  output: string | null;
  error: string | null;
  cpu_ms: number;
  memory_bytes: number;
  created_at: string;
}

export interface RecordedTrigger {
  table: string;
  trigger: string;
  functionKey: string;
  handler: string | null;
  step: string;
  type: string;
  /** The event as the function got it, password fields already redacted. */
  eventJson: string;
}

/** Keeps one trigger invocation and drops that trigger's older ones beyond `keep`. */
export async function recordTriggerEvent(db: DbOrTx, apiId: string, recorded: RecordedTrigger, outcome: InvocationOutcome, keep: number) {
  if (keep <= 0 || Buffer.byteLength(recorded.eventJson) > REPLAY_EVENT_MAX_BYTES) return;
  await sql`insert into project_trigger_events (id, api_id, table_name, trigger_name, function_key, handler, step, type, event, status, output, error, cpu_ms, memory_bytes)
    values (${randomUUID()}, ${apiId}, ${recorded.table}, ${recorded.trigger}, ${recorded.functionKey}, ${recorded.handler}, ${recorded.step}, ${recorded.type},
      ${recorded.eventJson}, ${outcome.status}, ${outcome.resultJson ?? null}, ${outcome.error ?? null}, ${outcome.cpuMs}, ${outcome.memoryBytes})`.execute(db);
  await sql`delete from project_trigger_events where api_id = ${apiId} and table_name = ${recorded.table} and trigger_name = ${recorded.trigger}
    and id not in (select id from project_trigger_events where api_id = ${apiId} and table_name = ${recorded.table} and trigger_name = ${recorded.trigger}
      order by created_at desc, id desc limit ${keep})`.execute(db);
}

/** The kept trigger invocations that ran this function, newest first. */
export async function triggerEventsOf(db: DbOrTx, apiId: string, functionKey: string, limit: number) {
  const { rows } = await sql<TriggerEventRow>`select id, table_name, trigger_name, function_key, handler, step, type, event, status, output, error, cpu_ms, memory_bytes::float8 as memory_bytes,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from project_trigger_events where api_id = ${apiId} and function_key = ${functionKey}
    order by created_at desc, id desc limit ${limit}`.execute(db);
  return rows;
}
