import { readStored, writeStored } from "../storage";

/** Enough for anyone's recent projects; the oldest are forgotten first. */
const REMEMBERED = 50;

/**
 * Which projects had no live API when their data screen last showed them. The data route asks
 * for a table's entries before it knows the project's state (in parallel, for speed); a project
 * that has never been published would answer 404 every time, which the browser logs. A project
 * not remembered here is asked, so a newly published one costs at most one waiting request.
 */
export function rememberLive(apiId: string, live: boolean) {
  const notLive = readStored<string[]>("not-live-projects") ?? [];
  if (notLive.includes(apiId) === !live) return;
  const next = live ? notLive.filter((id) => id !== apiId) : [...notLive, apiId].slice(-REMEMBERED);
  writeStored("not-live-projects", next.length ? next : undefined);
}

export function knownNotLive(apiId: string): boolean {
  return (readStored<string[]>("not-live-projects") ?? []).includes(apiId);
}
