import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

export type JobRow = Selectable<Tables["jobs"]>;

/**
 * How long a claimed job belongs to its worker unless renewed; after that another worker may take
 * it over. Short, so another server takes over the jobs of one killed mid-job within 10 seconds
 * (the lease, then the next poll);
 * the worker renews it every HEARTBEAT_SECONDS while it runs.
 */
export const LEASE_SECONDS = 8;

/** How often a running job's lease is renewed: several renewals fit in one lease. */
export const HEARTBEAT_SECONDS = 2;

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
export async function claimNextJob(db: DbOrTx, kinds: string[], held: readonly string[] = []): Promise<JobRow | undefined> {
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
        // A job this process still runs is never its own takeover, however late its heartbeat.
        .$if(held.length > 0, (q) => q.where("id", "not in", held))
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

/**
 * The claim's own lease: each claim counts an attempt, so (id, attempts) names one claim. A worker
 * whose lease another took over changes nothing with these.
 */
const ownLease = (job: JobRow) => ({ id: job.id, attempts: job.attempts });

/** Renews the lease; false when it is no longer this claim's (it ran out and another took the job). */
export async function renewLease(db: DbOrTx, job: JobRow) {
  const { id, attempts } = ownLease(job);
  const renewed = await db
    .updateTable("jobs")
    .set({ locked_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where("id", "=", id)
    .where("attempts", "=", attempts)
    .where("state", "=", "RUNNING")
    .executeTakeFirst();
  return renewed.numUpdatedRows > 0n;
}

export async function completeJob(db: DbOrTx, job: JobRow) {
  const { id, attempts } = ownLease(job);
  await db.updateTable("jobs").set({ state: "DONE", locked_until: null, updated_at: new Date() }).where("id", "=", id).where("attempts", "=", attempts).execute();
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
    .where("attempts", "=", job.attempts)
    .execute();
  return failed ? "failed" : "retry";
}

/** A job this worker stops before it is done (the server drains) goes back to the queue for another, the attempt not counted. */
export async function handBackJob(db: DbOrTx, job: JobRow) {
  const { id, attempts } = ownLease(job);
  await db
    .updateTable("jobs")
    .set({ state: "PENDING", attempts: sql`greatest(attempts - 1, 0)`, locked_until: null, run_at: new Date(), updated_at: new Date() })
    .where("id", "=", id)
    .where("attempts", "=", attempts)
    .where("state", "=", "RUNNING")
    .execute();
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
