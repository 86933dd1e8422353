/**
 * The record editor's stack (spec §2 'Record editor'): "A connection click pushes, back pops,
 * creating replaces the top, and close empties the stack." The top frame is the one shown.
 */
export interface RecordFrame {
  /** The table's name (the project API's ofType). */
  table: string;
  /** null while the record is new. */
  id: string | null;
  /** A new record's parent link, prefilled with the previous record's id (spec §2). */
  parentLink?: { field: string; id: string };
}

export type RecordStack = readonly RecordFrame[];

export const push = (stack: RecordStack, frame: RecordFrame): RecordStack => [...stack, frame];

export const pop = (stack: RecordStack): RecordStack => stack.slice(0, -1);

/** A new record that was saved becomes the record it created. */
export const replaceTop = (stack: RecordStack, frame: RecordFrame): RecordStack => [...stack.slice(0, -1), frame];

/** Opening a record from the grid starts a fresh stack with it. */
export const open = (frame: RecordFrame): RecordStack => [frame];

export const close = (): RecordStack => [];

export const top = (stack: RecordStack): RecordFrame | undefined => stack.at(-1);

/** The frame the back bar names. */
export const previous = (stack: RecordStack): RecordFrame | undefined => stack.at(-2);
