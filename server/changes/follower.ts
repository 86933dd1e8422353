import type { Db } from "../db/database";
import { log } from "../log";
import { changesAfter, latestSequence, type LoggedChange } from "./log";

/** PostgreSQL's channel for "the change log has grown": a hint, the log itself is the truth. */
const CHANNEL = "baukasten_changes";
/** Changes read per statement while catching up. */
const PAGE = 500;
/** A follower looks at the log this often even without a hint (a hint lost with a broken connection). */
const POLL_MS = 1000;
const RELISTEN_MS = 1000;

/**
 * Follows the change log from the last sequence this server has seen and hands each change, in
 * order, to `deliver` (this server's subscribers). Writers call `announce()` after their commit:
 * this server reads at once, and on PostgreSQL the other servers hear one NOTIFY per burst
 * (sent outside the write's transaction, coalesced while one is in flight).
 */
export function createChangeFollower(options: { db: Db; databaseUrl?: string; deliver: (change: LoggedChange) => void }) {
  const { db, databaseUrl, deliver } = options;
  let last = 0;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let listener: import("pg").Client | null = null;
  let notifying = false;
  let notifyAgain = false;

  async function catchUp() {
    for (;;) {
      const changes = await changesAfter(db, last, PAGE);
      for (const change of changes) {
        last = change.seq;
        try {
          deliver(change);
        } catch (error) {
          log.error("delivering a change failed:", error);
        }
      }
      if (changes.length < PAGE) return;
    }
  }

  /** Reads what is new; a call while reading reads once more afterwards, so nothing committed meanwhile waits for the poll. */
  function read(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      do {
        readAgain = false;
        await catchUp().catch((error: unknown) => log.error("reading the change log failed:", error));
      } while (readAgain && !stopped);
    })().finally(() => (reading = null));
    return reading;
  }

  function notifyOthers() {
    if (!databaseUrl || stopped) return;
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = true;
    void (async () => {
      do {
        notifyAgain = false;
        await listener?.query(`notify ${CHANNEL}`).catch(() => undefined);
      } while (notifyAgain && !stopped);
      notifying = false;
    })();
  }

  async function listen() {
    if (!databaseUrl || stopped) return;
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", () => void read());
    client.on("error", () => {
      // The poll keeps delivering meanwhile; a new connection listens again and catches up.
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen().catch(() => undefined), RELISTEN_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
      void read();
    } catch (error) {
      client.emit("error", error);
    }
  }

  return {
    /** Starts after the log's current end: what was written before this server started is history, replayed only on request. */
    async start() {
      last = await latestSequence(db);
      await listen();
      timer = setInterval(() => void read(), POLL_MS).unref();
    },
    /** After a commit that appended changes: deliver them here now and wake the other servers. */
    announce() {
      void read();
      notifyOthers();
    },
    /** The last sequence this server has delivered. */
    delivered: () => last,
    /** Reads until the log's current end (tests, and draining before a stop). */
    caughtUp: () => read(),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await reading;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

export type ChangeFollower = ReturnType<typeof createChangeFollower>;
