/**
 * The last change-log sequence a socket's subscriptions received (`extensions.sequence`), sent
 * as `lastSequence` when the socket connects again after it broke, so the server replays what
 * the subscriptions missed meanwhile, each event once. Forgotten when the socket closed
 * normally (its last subscription ended): a subscription started later begins from now, as
 * its screen's query has just loaded. Forgotten too when the server closed it with RESYNC_CLOSE_CODE
 * (the events after it are no longer kept): the next connection starts from now, and `connected()`
 * says once that the data shown must be loaded again.
 */
export function createResumePoint() {
  let last: number | null = null;
  let resync = false;
  return {
    heard(result: { extensions?: unknown }) {
      const sequence = (result.extensions as { sequence?: unknown } | undefined)?.sequence;
      if (typeof sequence === "number" && Number.isSafeInteger(sequence) && (last === null || sequence > last)) last = sequence;
    },
    closed(code: number) {
      if (code === NORMAL_CLOSURE || code === RESYNC_CLOSE_CODE) last = null;
      if (code === RESYNC_CLOSE_CODE) resync = true;
    },
    /** After a connection was acknowledged: true once after a resync close, when the subscriptions are live again. */
    connected() {
      const due = resync;
      resync = false;
      return due;
    },
    params: (): { lastSequence?: number } => (last === null ? {} : { lastSequence: last }),
  };
}

const NORMAL_CLOSURE = 1000;
/** The server's close code for a resume from events it no longer keeps (server/changes/resume.ts). */
export const RESYNC_CLOSE_CODE = 4410;

export type ResumePoint = ReturnType<typeof createResumePoint>;
