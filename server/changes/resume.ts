import type { DbOrTx } from "../db/database";
import { lostAfter, missedChanges, type ChangeFilter } from "./log";
import { replayedPayload } from "./topics";
import { sequenceOf } from "./sequence";

/**
 * Where one subscription stands in the change log: `after` is the last sequence its client saw
 * before reconnecting (graphql-ws connectionParams `lastSequence`), `last` the sequence of the
 * event it is being sent now (the socket adds it to the message as `extensions.sequence`).
 * Kept on the operation's context under a symbol, which survives the context being copied.
 */
export interface ChangeCursor {
  after: number | null;
  last: number | null;
}

const CURSOR = Symbol.for("baukasten.changeCursor");
/** Missed changes read per statement while replaying. */
const REPLAY_PAGE = 500;

/** Reads `lastSequence` from the connection params onto a new operation's context. */
export function openCursor(context: object, params: Record<string, unknown>): void {
  const raw = params.lastSequence;
  const number = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  const after = typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
  (context as Record<symbol, ChangeCursor>)[CURSOR] = { after, last: null };
}

/**
 * The close code of a socket whose client resumes from a sequence the change log no longer
 * holds all events after (older than its retention): what it missed cannot be replayed, so it
 * must reload its data and subscribe from now. Not one of graphql-ws's fatal codes: its client
 * reconnects, and ours then sends no `lastSequence` (src/relay/resumePoint.ts).
 */
export const RESYNC_CLOSE_CODE = 4410;
export const RESYNC_CLOSE_REASON = "Resync: the events since lastSequence are no longer kept";

/** True when the operation resumes from a sequence the log cannot replay everything after. */
export async function resumeLost(context: object, db: DbOrTx): Promise<boolean> {
  const after = cursorOf(context)?.after;
  return after != null && (await lostAfter(db, after));
}

export const cursorOf = (context: unknown): ChangeCursor | undefined =>
  typeof context === "object" && context !== null ? (context as Record<symbol, ChangeCursor | undefined>)[CURSOR] : undefined;

/** A subscription's message with the sequence of the event it carries, when it came through the log. */
export function withSequence<R extends { extensions?: Record<string, unknown> }>(context: unknown, result: R): R | undefined {
  const seq = cursorOf(context)?.last;
  return seq == null ? undefined : { ...result, extensions: { ...result.extensions, sequence: seq } };
}

/**
 * A subscription's live feed, preceded (when its client resumes) by the changes it missed: the
 * live feed listens first, then the log is read, and live events the replay already gave are
 * skipped by sequence, so each event arrives exactly once, in order.
 */
export function resumable<T extends object>(context: object, db: DbOrTx, live: AsyncIterable<T>, filter: ChangeFilter): AsyncIterableIterator<T> {
  const cursor = cursorOf(context);
  const source = live[Symbol.asyncIterator]();
  let replaying = cursor?.after != null;
  let replayedUpTo = cursor?.after ?? 0;
  // Starting the live feed registers its listener, before the log is read.
  let first: Promise<IteratorResult<T>> | null = replaying ? source.next() : null;
  let backlog: T[] = [];

  async function pull(): Promise<IteratorResult<T>> {
    while (backlog.length === 0 && replaying) {
      const missed = await missedChanges(db, filter, replayedUpTo, REPLAY_PAGE);
      if (missed.length < REPLAY_PAGE) replaying = false;
      if (missed.length > 0) replayedUpTo = missed[missed.length - 1].seq;
      backlog = missed.map((change) => replayedPayload(change) as T);
    }
    const replayed = backlog.shift();
    if (replayed) return { value: replayed, done: false };
    for (;;) {
      const result = await (first ?? source.next());
      first = null;
      if (result.done) return result;
      const seq = sequenceOf(result.value);
      if (seq === undefined || seq > replayedUpTo) return result;
    }
  }

  const iterator: AsyncIterableIterator<T> = {
    async next() {
      const result = await pull();
      const seq = result.done ? undefined : sequenceOf(result.value);
      if (cursor && seq !== undefined) cursor.last = seq;
      return result;
    },
    async return(value?: unknown) {
      await source.return?.(value);
      return { value: value as T, done: true };
    },
    async throw(error?: unknown) {
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
