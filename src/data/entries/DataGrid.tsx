import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { entryInputKind, entryText, sanitizeEntryText, type EntryInputKind } from "../../domain/entryInput";
import { intlLocale } from "../../i18n/intlLocale";
import type { EnumType, Field } from "../../domain/model";
import { errorText } from "../../common/ErrorMessage";
import { CellEditor } from "./CellEditor";
import { CELL_TEXT_MAX, cellText } from "./cellText";
import { displayValue } from "./displayValue";
import type { GridSort } from "./entriesSearch";
import { gridCommand, tabMove, type CellTraits } from "./gridKeys";
import { IdText } from "./IdText";

export interface GridColumn {
  field: Field;
  label: string;
  typeLabel: string;
  /** Read-only for everyone (id, createdAt, updatedAt): Enter moves down. */
  readonly: boolean;
  sortable: boolean;
  /**
   * A connection (spec §4), read-only in the grid: a parent's cell names the related record, a
   * child table's cell opens the row's record with its list; a click or Enter follows it.
   */
  link?: { kind: "parent" | "children"; table: string };
}

export interface GridRow {
  id: string;
  values: Record<string, unknown>;
  /** The blank row of a record being added in the sidebar (spec §2): not on the server yet. */
  pending?: boolean;
}

const DATE_KINDS = new Set<EntryInputKind>(["date", "datetime", "time", "timestamp"]);
const ROW_HEIGHT = 36;
const COLUMN_WIDTH = 200;
/** Rows kept rendered beyond the visible ones, so fast scrolling shows no gaps. */
const ROW_OVERSCAN = 10;

/** The header row's key and the keys of the columns that are not fields (no field name has "#"). */
const HEADER_ROW = "#header";
const SELECT_COLUMN = "#select";
const OPEN_COLUMN = "#open";
const ADD_COLUMN = "#add";

/** Every column the keyboard moves across: the selection and edit columns, the fields, add field. */
type NavColumn = { key: string; kind: "select" | "open" | "add" } | { key: string; kind: "data"; index: number; column: GridColumn };

interface CellKey {
  rowId: string;
  columnName: string;
}

const cellKey = (rowId: string, columnName: string) => `${rowId}:${columnName}`;
const parseCellKey = (key: string): CellKey => {
  // Column keys have no ":" (cell keys are read from the last one); row ids may.
  const separator = key.lastIndexOf(":");
  return { rowId: key.slice(0, separator), columnName: key.slice(separator + 1) };
};

interface Editing {
  rowId: string;
  columnName: string;
  draft: string;
  saving: boolean;
  error: unknown;
}

/**
 * The generic data table of spec §2: rows and columns virtualised (only what is in view is in
 * the DOM), a header sort toggle and configure menu per column, an optional selection column,
 * and cell editing with the keyboard model of ./gridKeys.ts. The grid is one tab stop (roving
 * tabindex): only the active cell, or the one control it holds, has tabIndex 0. Saving is the caller's: `onSave`
 * resolves when the value is stored and rejects with the refusal to show in the cell.
 */
export function DataGrid(props: {
  label: string;
  columns: GridColumn[];
  rows: GridRow[];
  enums: readonly EnumType[];
  canEdit: boolean;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
  sort: GridSort;
  onSort(sort: GridSort): void;
  onSave(row: GridRow, field: Field, text: string): Promise<void>;
  columnMenu?(column: GridColumn): ReactNode;
  /** The header of a column the list cannot sort by (why, and what may change it); the name alone without it. */
  unsortableHeader?(column: GridColumn): ReactNode;
  /** The optional edit column of spec §2: opens the row in the record editor (also Shift+Enter). */
  onOpenRow?(row: GridRow): void;
  /** Follows a connection cell (click or Enter). */
  onFollowLink?(row: GridRow, column: GridColumn): void;
  /** The add-field column of spec §2: a "+" button at the header's end. */
  onAddField?(): void;
  panelId?: string;
  labelledBy?: string;
}) {
  const intl = useIntl();
  const { columns, rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellKey | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [headerHeight, setHeaderHeight] = useState(0);
  const headRef = useRef<HTMLTableSectionElement>(null);
  /**
   * The cell a move or the end of an edit wants focused, until it is drawn and takes the focus.
   * A ref, not the `active` state: keys pressed before React renders the last move (it can lag a
   * key under load) continue from the cell that move went to, not from the one before it.
   */
  const focusWanted = useRef<CellKey | null>(null);

  // TanStack Table keeps the column and row model; cells and headers are drawn below.
  const tableColumns = useMemo<ColumnDef<GridRow>[]>(
    () => columns.map((column) => ({ id: column.field.name, accessorFn: (row) => row.values[column.field.name] })),
    [columns],
  );
  const table = useReactTable({ data: rows, columns: tableColumns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  const modelRows = table.getRowModel().rows;

  const rowVirtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
    initialRect: { width: 1000, height: 600 },
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 2,
    initialRect: { width: 1000, height: 600 },
  });

  const navColumns: NavColumn[] = [
    ...(props.selectable ? [{ key: SELECT_COLUMN, kind: "select" as const }] : []),
    ...(props.onOpenRow ? [{ key: OPEN_COLUMN, kind: "open" as const }] : []),
    ...columns.map((column, index) => ({ key: column.field.name, kind: "data" as const, index, column })),
    ...(props.onAddField ? [{ key: ADD_COLUMN, kind: "add" as const }] : []),
  ];
  const leadingColumns = navColumns.length - columns.length - (props.onAddField ? 1 : 0);
  /** Row 0 is the header; the entries follow. */
  const navRowIndex = (rowId: string) => (rowId === HEADER_ROW ? 0 : rows.findIndex((row) => row.id === rowId) + 1);
  const navColumnIndex = (columnName: string) => navColumns.findIndex((column) => column.key === columnName);

  const editableColumn = (column: GridColumn | undefined) => props.canEdit && column !== undefined && !column.readonly && !column.link;
  const follow = (row: GridRow, column: GridColumn) => {
    if (row.pending || !column.link || (column.link.kind === "parent" && !row.values[column.field.name])) return;
    props.onFollowLink?.(row, column);
  };

  /** Moves the active cell (grid coordinates: row 0 the header) and brings it into view. */
  const moveTo = (row: number, column: number) => {
    const target = row === 0 ? HEADER_ROW : rows[row - 1]?.id;
    const targetColumn = navColumns[column];
    if (target === undefined || !targetColumn) return;
    const next = { rowId: target, columnName: targetColumn.key };
    focusWanted.current = next;
    setActive(next);
    // A row or column out of view is not drawn: scroll it in, and the focus follows once it is.
    // The header belongs with the first entries (Ctrl+Home shows both), so moving there scrolls
    // to the top: a sticky header focused over entries far below would leave the view behind.
    if (row > 0) rowVirtualizer.scrollToIndex(row - 1);
    else rowVirtualizer.scrollToOffset(0);
    if (targetColumn.kind === "data") columnVirtualizer.scrollToIndex(targetColumn.index);
  };
  const activate = (rowId: string, columnName: string) => {
    if (active?.rowId !== rowId || active.columnName !== columnName) setActive({ rowId, columnName });
  };

  /** The element that takes the focus for a cell: its single control, or the cell itself. */
  const focusTarget = (cell: HTMLElement) => cell.querySelector<HTMLElement>("[data-cell-widget]") ?? cell;

  useEffect(() => {
    const wanted = focusWanted.current;
    if (!wanted || editing) return;
    const wantedCell = () => scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${CSS.escape(cellKey(wanted.rowId, wanted.columnName))}"]`);
    const cell = wantedCell();
    if (cell) {
      focusTarget(cell).focus();
      focusWanted.current = null;
      // A scroll settling in the same frame can take the focus along, or redraw the cell (a
      // sticky header's button): put it back once, on the cell as it is drawn now.
      requestAnimationFrame(() => {
        const now = wantedCell();
        if (now && (document.activeElement === document.body || !document.activeElement?.isConnected)) focusTarget(now).focus();
      });
    }
  });

  // The sticky header covers the top rows: the focus scrolls a cell in below it.
  useLayoutEffect(() => {
    const height = headRef.current?.offsetHeight ?? 0;
    if (height !== headerHeight) setHeaderHeight(height);
  });

  const startEditing = (row: GridRow, column: GridColumn, replaceWith?: string) => {
    if (row.pending || !editableColumn(column)) return;
    // A date or time input reads its own keys per segment: a typed character opens it as it is.
    const replaces = replaceWith !== undefined && !DATE_KINDS.has(entryInputKind(column.field));
    const draft = replaces ? sanitizeEntryText(column.field, replaceWith, intlLocale(intl)) : entryText(column.field, row.values[column.field.name], intlLocale(intl));
    setActive({ rowId: row.id, columnName: column.field.name });
    setEditing({ rowId: row.id, columnName: column.field.name, draft, saving: false, error: null });
  };

  const stopEditing = () => {
    focusWanted.current = editing && { rowId: editing.rowId, columnName: editing.columnName };
    setEditing(null);
  };

  /** Saves the draft, then moves as the key said; a refusal keeps the cell in edit mode. */
  const commit = async (then: "down" | "right" | "left" | "stay") => {
    if (!editing || editing.saving) return;
    const row = rows.find((candidate) => candidate.id === editing.rowId);
    const column = columns.find((candidate) => candidate.field.name === editing.columnName);
    if (!row || !column) return setEditing(null);
    const unchanged = editing.draft === entryText(column.field, row.values[column.field.name], intlLocale(intl));
    if (!unchanged) {
      setEditing({ ...editing, saving: true, error: null });
      try {
        await props.onSave(row, column.field, editing.draft);
      } catch (error) {
        setEditing((current) => (current ? { ...current, saving: false, error } : current));
        return;
      }
    }
    stopEditing();
    // Saving moves among the entries' field cells, as in a spreadsheet.
    const at = { row: rows.indexOf(row), column: columns.indexOf(column), rows: rows.length, columns: columns.length };
    if (then === "down") moveTo(Math.min(at.row + 1, rows.length - 1) + 1, at.column + leadingColumns);
    if (then === "right" || then === "left") {
      const next = tabMove(at, then === "left");
      if (next.kind === "move") moveTo(next.row + 1, next.column + leadingColumns);
    }
  };

  const toggleRow = (id: string) => {
    const next = new Set(props.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onSelect(next);
  };
  const selectableRows = rows.filter((row) => !row.pending);
  const allSelected = selectableRows.length > 0 && selectableRows.every((row) => props.selected.has(row.id));

  /** Tab and Shift+Tab among the buttons of a header cell; Escape or F2 goes back to the cell. */
  const onControlKeyDown = (event: React.KeyboardEvent, cell: HTMLElement) => {
    if (event.key === "Escape" || event.key === "F2") {
      event.preventDefault();
      cell.focus();
    } else if (event.key === "Tab") {
      event.preventDefault();
      const controls = Array.from(cell.querySelectorAll<HTMLElement>("button:not(:disabled), input, select"));
      const index = controls.indexOf(event.target as HTMLElement);
      controls[(index + (event.shiftKey ? -1 : 1) + controls.length) % controls.length]?.focus();
    }
  };

  const onGridKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Keys from a floating menu's list reach here through React, not through the page.
    if (editing || !scrollRef.current?.contains(target)) return;
    const cell = target.closest<HTMLElement>("[data-cell]");
    if (!cell?.dataset.cell) return;
    if (target !== cell && cell.tagName === "TH" && !target.hasAttribute("data-cell-widget")) return onControlKeyDown(event, cell);
    // Keys act on the focused cell; while a move waits for its row to be drawn (scrolled in), on
    // the cell it is going to, so quick presses are not lost.
    const key = focusWanted.current ?? parseCellKey(cell.dataset.cell);
    const at = { row: navRowIndex(key.rowId), column: navColumnIndex(key.columnName), rows: rows.length + 1, columns: navColumns.length };
    if (at.column < 0 || (at.row === 0 && key.rowId !== HEADER_ROW)) return;
    const navColumn = navColumns[at.column];
    const row = at.row > 0 ? rows[at.row - 1] : undefined;
    const command = gridCommand(event, at, cellTraits(navColumn, row), Math.floor((scrollRef.current.clientHeight - headerHeight) / ROW_HEIGHT) - 1);
    if (command.kind === "none") return;
    event.preventDefault();
    if (command.kind === "move") moveTo(command.row, command.column);
    else if (command.kind === "enter") cell.querySelector<HTMLElement>("button:not(:disabled), input, select")?.focus();
    else if (command.kind === "toggle") row && toggleRow(row.id);
    else if (command.kind === "open") row && props.onOpenRow?.(row);
    else if (row && navColumn.kind === "data") {
      if (command.kind === "follow") follow(row, navColumn.column);
      else startEditing(row, navColumn.column, command.replaceWith);
    }
  };

  const cellTraits = (navColumn: NavColumn, row: GridRow | undefined): CellTraits => {
    const base = { openable: Boolean(row && !row.pending && props.onOpenRow), selectable: Boolean(row && !row.pending && props.selectable) };
    if (!row) return { kind: navColumn.kind === "select" ? "checkbox" : navColumn.kind === "add" ? "button" : navColumn.kind === "data" ? "header" : "plain" };
    if (navColumn.kind === "data") {
      const column = navColumn.column;
      const linked = Boolean(column.link) && !row.pending && (column.link?.kind !== "parent" || Boolean(row.values[column.field.name]));
      return { ...base, kind: "data", editable: editableColumn(column) && !row.pending, linked };
    }
    if (row.pending || navColumn.kind === "add") return { ...base, kind: "plain" };
    return { ...base, kind: navColumn.kind === "select" ? "checkbox" : "button" };
  };

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const before = virtualColumns[0]?.start ?? 0;
  const after = columnVirtualizer.getTotalSize() - (virtualColumns.at(-1)?.end ?? 0);
  const top = virtualRows[0]?.start ?? 0;
  const bottom = rowVirtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const spanAll = virtualColumns.length + navColumns.length - columns.length + (before > 0 ? 1 : 0) + (after > 0 ? 1 : 0);

  // The one tab stop: the active cell; while it is scrolled out of the DOM, the nearest drawn one.
  const drawnRows = virtualRows.map((virtual) => modelRows[virtual.index].original.id);
  const drawnColumns = new Set([...navColumns.filter((column) => column.kind !== "data").map((column) => column.key), ...virtualColumns.map((virtual) => columns[virtual.index].field.name)]);
  const firstDataColumn = virtualColumns[0] ? columns[virtualColumns[0].index].field.name : navColumns[0]?.key;
  const wanted = active ?? { rowId: drawnRows[0] ?? HEADER_ROW, columnName: firstDataColumn ?? "" };
  const stop = {
    rowId: wanted.rowId === HEADER_ROW || drawnRows.includes(wanted.rowId) ? wanted.rowId : (drawnRows[0] ?? HEADER_ROW),
    columnName: drawnColumns.has(wanted.columnName) ? wanted.columnName : (firstDataColumn ?? ""),
  };
  const tabIndexOf = (rowId: string, columnName: string) => (stop.rowId === rowId && stop.columnName === columnName ? 0 : -1);
  /** What every cell carries: its key, its column's index, and the focus following it. */
  const cellProps = (rowId: string, columnName: string) => ({
    "data-cell": cellKey(rowId, columnName),
    "aria-colindex": navColumnIndex(columnName) + 1,
    onFocus: () => activate(rowId, columnName),
  });
  /** A cell the focus lands on itself (no single control in it). */
  const focusableCell = (rowId: string, columnName: string) => ({ ...cellProps(rowId, columnName), tabIndex: tabIndexOf(rowId, columnName) });
  const widget = (rowId: string, columnName: string) => ({ "data-cell-widget": true, tabIndex: tabIndexOf(rowId, columnName) });

  return (
    <div
      className="data-grid-scroll"
      ref={scrollRef}
      id={props.panelId}
      role={props.panelId ? "tabpanel" : undefined}
      aria-labelledby={props.labelledBy}
      data-testid="data-grid"
      onKeyDown={onGridKeyDown}
      style={{ scrollPaddingTop: headerHeight }}
    >
      <table className="data-grid" role="grid" aria-label={props.label} aria-rowcount={rows.length + 1} aria-colcount={navColumns.length}>
        <thead ref={headRef}>
          <tr aria-rowindex={1}>
            {props.selectable && (
              <th scope="col" className="data-grid-select" {...cellProps(HEADER_ROW, SELECT_COLUMN)}>
                <input
                  type="checkbox"
                  {...widget(HEADER_ROW, SELECT_COLUMN)}
                  checked={allSelected}
                  aria-label={intl.formatMessage({ id: "data.grid.selectAll" })}
                  onChange={() => props.onSelect(allSelected ? new Set() : new Set(selectableRows.map((row) => row.id)))}
                />
              </th>
            )}
            {props.onOpenRow && (
              <th scope="col" className="data-grid-select" {...focusableCell(HEADER_ROW, OPEN_COLUMN)}>
                <span className="visually-hidden">
                  <FormattedMessage id="data.grid.editColumn" />
                </span>
              </th>
            )}
            {before > 0 && <th aria-hidden style={{ width: before }} />}
            {virtualColumns.map((virtual) => {
              const column = columns[virtual.index];
              const sorted = props.sort.field === column.field.name ? props.sort.order : null;
              return (
                <th
                  key={column.field.name}
                  scope="col"
                  style={{ width: COLUMN_WIDTH }}
                  aria-sort={sorted === "ASC" ? "ascending" : sorted === "DESC" ? "descending" : undefined}
                  data-testid="column-header"
                  className="data-grid-header"
                  {...focusableCell(HEADER_ROW, column.field.name)}
                >
                  <div className="column-header">
                    {column.sortable ? (
                      <button
                        type="button"
                        className="column-sort"
                        tabIndex={-1}
                        data-testid={`sort-${column.field.name}`}
                        onClick={() => props.onSort({ field: column.field.name, order: sorted === "DESC" ? "ASC" : "DESC" })}
                        aria-label={intl.formatMessage({ id: "data.grid.sortBy" }, { name: column.label, order: sorted === "DESC" ? "ASC" : "DESC" })}
                      >
                        <span className="column-name">{column.label}</span>
                        <span aria-hidden className="column-sort-mark">
                          {sorted === "ASC" ? "▲" : sorted === "DESC" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      (props.unsortableHeader?.(column) ?? <span className="column-name">{column.label}</span>)
                    )}
                    <span className="column-type">{column.typeLabel}</span>
                    {props.columnMenu?.(column)}
                  </div>
                </th>
              );
            })}
            {after > 0 && <th aria-hidden style={{ width: after }} />}
            {props.onAddField && (
              <th scope="col" className="add-field-column" {...cellProps(HEADER_ROW, ADD_COLUMN)}>
                <button
                  type="button"
                  className="btn"
                  {...widget(HEADER_ROW, ADD_COLUMN)}
                  onClick={props.onAddField}
                  aria-label={intl.formatMessage({ id: "data.grid.addField" })}
                  data-testid="add-field-column"
                >
                  +
                </button>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={spanAll} />
            </tr>
          )}
          {virtualRows.map((virtualRow) => {
            const row = modelRows[virtualRow.index].original;
            return (
              <tr
                key={row.id}
                aria-rowindex={virtualRow.index + 2}
                style={{ height: ROW_HEIGHT }}
                className={row.pending ? "data-grid-row-pending" : undefined}
                data-testid={row.pending ? "grid-row-pending" : "grid-row"}
                aria-selected={row.pending ? true : props.selectable ? props.selected.has(row.id) : undefined}
              >
                {props.selectable && row.pending && <td role="gridcell" className="data-grid-select" {...focusableCell(row.id, SELECT_COLUMN)} />}
                {props.selectable && !row.pending && (
                  <td role="gridcell" className="data-grid-select" {...cellProps(row.id, SELECT_COLUMN)}>
                    <input
                      type="checkbox"
                      {...widget(row.id, SELECT_COLUMN)}
                      checked={props.selected.has(row.id)}
                      onChange={() => toggleRow(row.id)}
                      aria-label={intl.formatMessage({ id: "data.grid.selectRow" }, { id: row.id })}
                    />
                  </td>
                )}
                {props.onOpenRow && row.pending && (
                  <td role="gridcell" className="data-grid-select data-grid-new-mark" {...focusableCell(row.id, OPEN_COLUMN)}>
                    <FormattedMessage id="data.grid.newRow" />
                  </td>
                )}
                {props.onOpenRow && !row.pending && (
                  <td role="gridcell" className="data-grid-select" {...cellProps(row.id, OPEN_COLUMN)}>
                    <button
                      type="button"
                      className="btn btn-link"
                      {...widget(row.id, OPEN_COLUMN)}
                      onClick={() => props.onOpenRow?.(row)}
                      aria-label={intl.formatMessage({ id: "data.grid.editRow" }, { id: row.id })}
                      data-testid="row-edit"
                    >
                      <FormattedMessage id="data.grid.editMark" />
                    </button>
                  </td>
                )}
                {before > 0 && <td aria-hidden />}
                {virtualColumns.map((virtualColumn) => {
                  const column = columns[virtualColumn.index];
                  const isActive = active?.rowId === row.id && active.columnName === column.field.name;
                  const isEditing = editing?.rowId === row.id && editing.columnName === column.field.name;
                  const text = displayValue(intl, column.field, row.values[column.field.name]);
                  return (
                    <td
                      key={column.field.name}
                      role="gridcell"
                      {...focusableCell(row.id, column.field.name)}
                      aria-readonly={!editableColumn(column) || undefined}
                      aria-keyshortcuts={props.onOpenRow ? "Shift+Enter" : undefined}
                      className={isActive ? "data-grid-cell active" : "data-grid-cell"}
                      data-testid={`cell-${column.field.name}`}
                      onClick={() => activate(row.id, column.field.name)}
                      onDoubleClick={() => startEditing(row, column)}
                    >
                      {isEditing && editing ? (
                        <CellEditor
                          field={column.field}
                          label={column.label}
                          enums={props.enums}
                          draft={editing.draft}
                          saving={editing.saving}
                          error={editing.error == null ? null : errorText(intl, editing.error)}
                          onDraft={(draft) => setEditing({ ...editing, draft, error: null })}
                          onCommit={(then) => void commit(then)}
                          onCancel={stopEditing}
                        />
                      ) : column.link && !row.pending ? (
                        <LinkCell column={column} text={text} onFollow={() => follow(row, column)} />
                      ) : column.field.type === "ID" && text ? (
                        <IdText id={text} />
                      ) : (
                        <span className="data-grid-text" title={text.length > CELL_TEXT_MAX ? text : undefined}>
                          {cellText(text)}
                        </span>
                      )}
                    </td>
                  );
                })}
                {after > 0 && <td aria-hidden />}
                {props.onAddField && <td role="gridcell" {...focusableCell(row.id, ADD_COLUMN)} />}
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={spanAll} />
            </tr>
          )}
          {rows.length === 0 && (
            <tr>
              <td colSpan={spanAll} className="table-grid-empty" data-testid="grid-empty">
                <FormattedMessage id="data.grid.noEntries" />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A connection cell: the parent's id, or the child table's name; a click follows it. */
function LinkCell(props: { column: GridColumn; text: string; onFollow(): void }) {
  const intl = useIntl();
  const link = props.column.link!;
  if (link.kind === "parent" && !props.text) return null;
  return (
    <button
      type="button"
      className="btn-link data-grid-link"
      // The cell is the keyboard's stop (Enter follows); the button is for the pointer.
      tabIndex={-1}
      onClick={props.onFollow}
      aria-label={intl.formatMessage({ id: link.kind === "parent" ? "data.grid.openParent" : "data.grid.openChildren" }, { table: link.table, id: props.text })}
      data-testid={`link-${props.column.field.name}`}
    >
      {link.kind === "parent" ? <IdText id={props.text} /> : link.table}
    </button>
  );
}
