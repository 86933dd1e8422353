import type { Db } from "../db/database";
import { log } from "../log";
import { claimNextJob, completeJob, handBackJob, HEARTBEAT_SECONDS, renewLease, retryOrFailJob, type JobRow } from "./store";

export interface JobHandler<P = Record<string, unknown>> {
  /**
   * Must be idempotent: a worker that dies after the work but before completing runs it again.
   * `lease` aborts when the job's lease was lost (another worker took it over): stop then.
   */
  run(payload: P, job: JobRow, lease: AbortSignal): Promise<void>;
  /** Called once when the last attempt failed, to record the failure where users see it. */
  giveUp?(payload: P, error: unknown, job: JobRow): Promise<void>;
  /**
   * True when `run` returns early once `lease` aborts, leaving the rest for the next run (an
   * import): a draining server stops it and hands it back. Other jobs are short and finish.
   */
  stopsWithLease?: boolean;
}

export interface JobRunner {
  register<P>(kind: string, handler: JobHandler<P>): void;
  /** Looks for due jobs now: call after committing a transaction that enqueued one. */
  kick(): void;
  start(): void;
  /**
   * Stops polling and waits for the jobs in hand; with `handBack`, tells them to stop as when
   * their lease is lost, and gives back to the queue each that stopped before it was done, so
   * another server takes it over at once (a draining server).
   */
  stop(options?: { handBack?: boolean }): Promise<void>;
}

/**
 * Works through the `jobs` table: an immediate kick after each enqueue, so a job runs within
 * milliseconds, plus a poll that picks up retries, work enqueued by other servers and jobs
 * left behind by a restart (PENDING, or RUNNING with an expired lease).
 */
export function createJobRunner(db: Db, options: { pollMs?: number; concurrency?: number } = {}): JobRunner {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const handlers = new Map<string, JobHandler<any>>();
  const workers = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<string>();
  const leases = new Set<AbortController>();
  let running = false;
  let handingBack = false;
  let poll: NodeJS.Timeout | undefined;

  function kick() {
    if (!running || workers.size >= concurrency) return;
    const worker = work().finally(() => workers.delete(worker));
    workers.add(worker);
  }

  /** Claims and runs jobs until none is due; a claimed job kicks one more worker for a backlog. */
  async function work() {
    while (running) {
      let job: JobRow | undefined;
      try {
        job = await claimNextJob(db, [...handlers.keys()], [...held]);
      } catch (error) {
        log.error("claiming a job failed:", error);
        return;
      }
      if (!job) return;
      kick();
      await runJob(job);
    }
  }

  async function runJob(job: JobRow) {
    const handler = handlers.get(job.kind)!;
    const lease = new AbortController();
    const handedBack = () => handingBack && handler.stopsWithLease === true;
    const heartbeat = setInterval(() => {
      renewLease(db, job).then(
        (renewed) => renewed || lease.abort(),
        // A failed renewal is retried at the next beat; the lease outlasts several.
        () => {},
      );
    }, HEARTBEAT_SECONDS * 1000);
    held.add(job.id);
    if (handler.stopsWithLease) leases.add(lease);
    try {
      await handler.run(job.payload, job, lease.signal);
      // Stopped early: handed back (the server drains) or held by another worker now, whose to record.
      if (lease.signal.aborted) return void (handedBack() && (await handBackJob(db, job).catch(() => undefined)));
      await completeJob(db, job);
    } catch (error) {
      if (lease.signal.aborted) return void (handedBack() && (await handBackJob(db, job).catch(() => undefined)));
      const outcome = await retryOrFailJob(db, job, error instanceof Error ? error.message : String(error)).catch(() => "retry" as const);
      if (outcome === "failed") {
        log.error(`job ${job.kind} ${job.id} failed for good:`, error);
        await handler.giveUp?.(job.payload, error, job).catch((giveUpError) => log.error(`giving up ${job.id} failed:`, giveUpError));
      } else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          kick();
        }, 2 ** job.attempts * 1000 + 50);
        timer.unref();
        timers.add(timer);
      }
    } finally {
      clearInterval(heartbeat);
      leases.delete(lease);
      held.delete(job.id);
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler<any>);
    },
    kick,
    start() {
      if (running) return;
      running = true;
      poll = setInterval(kick, pollMs);
      poll.unref();
      kick();
    },
    async stop(options = {}) {
      running = false;
      clearInterval(poll);
      if (options.handBack) {
        handingBack = true;
        for (const lease of leases) lease.abort();
      }
      // A job in hand may still schedule its retry: clear the timers once the workers are done.
      await Promise.allSettled([...workers]);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
