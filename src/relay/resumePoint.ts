/**
 * The last change-log sequence a socket's subscriptions received (`extensions.sequence`), sent
 * as `lastSequence` when the socket connects again after it broke, so the server replays what
 * the subscriptions missed meanwhile, each event once. Forgotten when the socket closed
 * normally (its last subscription ended): a subscription started later begins from now, as
 * its screen's query has just loaded.
 */
export function createResumePoint() {
  let last: number | null = null;
  return {
    heard(result: { extensions?: unknown }) {
      const sequence = (result.extensions as { sequence?: unknown } | undefined)?.sequence;
      if (typeof sequence === "number" && Number.isSafeInteger(sequence) && (last === null || sequence > last)) last = sequence;
    },
    closed(code: number) {
      if (code === NORMAL_CLOSURE) last = null;
    },
    params: (): { lastSequence?: number } => (last === null ? {} : { lastSequence: last }),
  };
}

const NORMAL_CLOSURE = 1000;

export type ResumePoint = ReturnType<typeof createResumePoint>;
