/**
 * The grid's keyboard model (spec §2 'Generic data table'): arrows, Tab and Enter move the
 * selection; Enter or typing a character enters edit mode on an editable cell (typing replaces
 * the content); Enter on a read-only cell moves the selection down. Shift+Enter opens the row's
 * record in the sidebar (the spec gives Enter to edit mode and names no key for opening); Enter
 * on a connection cell follows the connection.
 */
export type GridCommand =
  | { kind: "move"; row: number; column: number }
  | { kind: "edit"; replaceWith?: string }
  | { kind: "open" }
  | { kind: "follow" }
  | { kind: "none" };

export interface GridPosition {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max - 1));

/** A character that would be typed into the cell (no shortcut, no named key). */
export const isTypedCharacter = (event: KeyLike) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/** What a key does while no cell is being edited; "none" leaves the key to the browser. */
export function gridCommand(event: KeyLike, at: GridPosition, editable: boolean, linked = false): GridCommand {
  const move = (row: number, column: number) => ({ kind: "move" as const, row: clamp(row, at.rows), column: clamp(column, at.columns) });
  switch (event.key) {
    case "ArrowUp":
      return move(at.row - 1, at.column);
    case "ArrowDown":
      return move(at.row + 1, at.column);
    case "ArrowLeft":
      return move(at.row, at.column - 1);
    case "ArrowRight":
      return move(at.row, at.column + 1);
    case "Home":
      return move(at.row, 0);
    case "End":
      return move(at.row, at.columns - 1);
    case "Tab":
      return tabMove(at, event.shiftKey === true);
    case "Enter":
      if (event.shiftKey) return { kind: "open" };
      if (linked) return { kind: "follow" };
    // falls through: a plain Enter edits like F2, or moves down on a read-only cell
    case "F2":
      if (editable) return { kind: "edit" };
      return event.key === "Enter" ? move(at.row + 1, at.column) : { kind: "none" };
    default:
      return editable && isTypedCharacter(event) ? { kind: "edit", replaceWith: event.key } : { kind: "none" };
  }
}

/** Tab goes along the row and on to the next one; past the last cell it leaves the grid. */
export function tabMove(at: GridPosition, backwards: boolean): GridCommand {
  const index = at.row * at.columns + at.column + (backwards ? -1 : 1);
  if (index < 0 || index >= at.rows * at.columns) return { kind: "none" };
  return { kind: "move", row: Math.floor(index / at.columns), column: index % at.columns };
}
