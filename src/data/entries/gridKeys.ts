/**
 * The grid's keyboard model (WAI-ARIA grid pattern, spec §2 'Generic data table'). The grid is
 * one tab stop; arrows, Home/End, Ctrl+Home/End and PageUp/PageDown move the active cell across
 * every column (selection and edit columns, the add-field column) and the header row. On a data
 * cell Enter, F2 or typing a character enters edit mode (typing replaces the content); Enter on a
 * read-only cell moves down. Space toggles the row's selection, Shift+Enter opens the row's
 * record (the spec gives Enter to edit mode and names no key for opening), and Enter on a
 * connection cell follows it. Enter or F2 on a header moves focus into its buttons.
 */
export type GridCommand =
  | { kind: "move"; row: number; column: number }
  | { kind: "edit"; replaceWith?: string }
  | { kind: "open" }
  | { kind: "follow" }
  | { kind: "toggle" }
  /** Focus moves into the cell's own controls (a header's sort and configure buttons). */
  | { kind: "enter" }
  | { kind: "none" };

export interface GridPosition {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/**
 * What the focused cell is: a body data cell; a header with buttons inside; a cell whose single
 * control holds the focus itself (a checkbox keeps Space, a button keeps Enter and Space);
 * or a cell with nothing to act on.
 */
export interface CellTraits {
  kind: "data" | "header" | "checkbox" | "button" | "plain";
  /** A data cell the viewer may edit now. */
  editable?: boolean;
  /** A connection cell with something to follow. */
  linked?: boolean;
  /** A body row that can be opened in the record editor. */
  openable?: boolean;
  /** A body row whose selection Space toggles. */
  selectable?: boolean;
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
export function gridCommand(event: KeyLike, at: GridPosition, cell: CellTraits, pageRows = 10): GridCommand {
  const move = (row: number, column: number) => ({ kind: "move" as const, row: clamp(row, at.rows), column: clamp(column, at.columns) });
  const jump = event.ctrlKey === true || event.metaKey === true;
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
      return jump ? move(0, 0) : move(at.row, 0);
    case "End":
      return jump ? move(at.rows - 1, at.columns - 1) : move(at.row, at.columns - 1);
    case "PageUp":
      return move(at.row - Math.max(1, pageRows), at.column);
    case "PageDown":
      return move(at.row + Math.max(1, pageRows), at.column);
  }
  if (cell.kind === "header") return (event.key === "Enter" || event.key === "F2") && !event.shiftKey ? { kind: "enter" } : { kind: "none" };
  if (event.key === "Enter" && event.shiftKey) return cell.openable ? { kind: "open" } : { kind: "none" };
  // A checkbox toggles itself on Space; any other cell of the row toggles it here.
  if (event.key === " " && cell.kind !== "checkbox" && cell.selectable) return { kind: "toggle" };
  if (cell.kind !== "data") return { kind: "none" };
  switch (event.key) {
    case "Enter":
      if (cell.linked) return { kind: "follow" };
    // falls through: a plain Enter edits like F2, or moves down on a read-only cell
    case "F2":
      if (cell.editable) return { kind: "edit" };
      return event.key === "Enter" ? move(at.row + 1, at.column) : { kind: "none" };
    default:
      return cell.editable && isTypedCharacter(event) ? { kind: "edit", replaceWith: event.key } : { kind: "none" };
  }
}

/** Tab in edit mode saves and goes along the row and on to the next one; past the last cell it stops. */
export function tabMove(at: GridPosition, backwards: boolean): GridCommand {
  const index = at.row * at.columns + at.column + (backwards ? -1 : 1);
  if (index < 0 || index >= at.rows * at.columns) return { kind: "none" };
  return { kind: "move", row: Math.floor(index / at.columns), column: index % at.columns };
}
