import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

export type JobRow = Selectable<Tables["jobs"]>;

/** How long a claimed job belongs to its worker; after that another worker may take it over. */
export const LEASE_SECONDS = 120;

/** Added in the caller's transaction, so a job exists exactly when the work it stands for does. */
export async function enqueueJob(db: DbOrTx, kind: string, payload: Record<string, unknown>, maxAttempts = 3) {
  return db
    .insertInto("jobs")
    .values({
      id: `job_${randomBytes(12).toString("base64url")}`,
      kind,
      payload: JSON.stringify(payload),
      max_attempts: maxAttempts,
      run_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims the next due job: PENDING and due, or RUNNING with an expired lease (its worker died).
 * SKIP LOCKED lets any number of workers poll the same table without waiting on each other.
 */
export async function claimNextJob(db: DbOrTx, kinds: string[]): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  return db
    .updateTable("jobs")
    .set({
      state: "RUNNING",
      attempts: sql`attempts + 1`,
      locked_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      updated_at: sql`now()`,
    })
    .where("id", "=", (eb) =>
      eb
        .selectFrom("jobs")
        .select("id")
        .where("kind", "in", kinds)
        .where((w) =>
          w.or([
            w.and([w("state", "=", "PENDING"), w("run_at", "<=", sql<Date>`now()`)]),
            w.and([w("state", "=", "RUNNING"), w("locked_until", "<", sql<Date>`now()`)]),
          ]),
        )
        .orderBy("run_at")
        .orderBy("id")
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function completeJob(db: DbOrTx, id: string) {
  await db.updateTable("jobs").set({ state: "DONE", locked_until: null, updated_at: new Date() }).where("id", "=", id).execute();
}

/** Back to PENDING after a pause that doubles with each attempt, or FAILED after the last. */
export async function retryOrFailJob(db: DbOrTx, job: JobRow, error: string): Promise<"retry" | "failed"> {
  const failed = job.attempts >= job.max_attempts;
  const delaySeconds = 2 ** job.attempts;
  await db
    .updateTable("jobs")
    .set({
      state: failed ? "FAILED" : "PENDING",
      run_at: failed ? job.run_at : new Date(Date.now() + delaySeconds * 1000),
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: new Date(),
    })
    .where("id", "=", job.id)
    .execute();
  return failed ? "failed" : "retry";
}

/**
 * Hands jobs of these kinds that a dead process held back to the queue at once. Only for the
 * embedded database, where the data-directory lock guarantees no other process is working on
 * them; with PostgreSQL, other processes may be, and their leases expire on their own.
 */
export async function releaseLeases(db: DbOrTx, kinds: string[]) {
  await db
    .updateTable("jobs")
    .set({ state: "PENDING", attempts: sql`greatest(attempts - 1, 0)`, locked_until: null, run_at: new Date(), updated_at: new Date() })
    .where("kind", "in", kinds)
    .where("state", "=", "RUNNING")
    .execute();
}
