import { filter, pipe } from "graphql-yoga";
import type { EntryRow } from "../entries/store";

/** The entry events of one project user's own entries: a subscriber hears only of what they may read. */
export const ownEntriesOnly = (events: AsyncIterable<EntryRow>, owner: string) => pipe(events, filter((row: EntryRow) => row.owner === owner));
