import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { entryInputKind, entryText, sanitizeEntryText, type EntryInputKind } from "../../domain/entryInput";
import type { EnumType, Field } from "../../domain/model";
import { errorText } from "../../common/ErrorMessage";
import { CellEditor } from "./CellEditor";
import { CELL_TEXT_MAX, cellText } from "./cellText";
import { displayValue } from "./displayValue";
import type { GridSort } from "./entriesSearch";
import { gridCommand, tabMove } from "./gridKeys";
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
 * and cell editing with the keyboard model of ./gridKeys.ts. Saving is the caller's: `onSave`
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
  trailingHeader?: ReactNode;
  panelId?: string;
  labelledBy?: string;
}) {
  const intl = useIntl();
  const { columns, rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ rowId: string; columnName: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const focusWanted = useRef(false);

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

  // The selection follows its row and column, so rows arriving live do not move it.
  const rowIndex = active ? rows.findIndex((row) => row.id === active.rowId) : -1;
  const columnIndex = active ? columns.findIndex((column) => column.field.name === active.columnName) : -1;
  const position = { row: Math.max(rowIndex, 0), column: Math.max(columnIndex, 0), rows: rows.length, columns: columns.length };
  const editableColumn = (column: GridColumn | undefined) => props.canEdit && column !== undefined && !column.readonly && !column.link;
  const follow = (row: GridRow, column: GridColumn) => {
    if (row.pending || !column.link || (column.link.kind === "parent" && !row.values[column.field.name])) return;
    props.onFollowLink?.(row, column);
  };

  const moveTo = (row: number, column: number) => {
    const target = rows[row];
    const targetColumn = columns[column];
    if (!target || !targetColumn) return;
    focusWanted.current = true;
    setActive({ rowId: target.id, columnName: targetColumn.field.name });
    rowVirtualizer.scrollToIndex(row);
    columnVirtualizer.scrollToIndex(column);
  };

  useEffect(() => {
    if (!focusWanted.current || !active || editing) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${CSS.escape(`${active.rowId}:${active.columnName}`)}"]`);
    if (cell) {
      cell.focus();
      focusWanted.current = false;
    }
  });

  const startEditing = (row: GridRow, column: GridColumn, replaceWith?: string) => {
    if (row.pending || !editableColumn(column)) return;
    // A date or time input reads its own keys per segment: a typed character opens it as it is.
    const replaces = replaceWith !== undefined && !DATE_KINDS.has(entryInputKind(column.field));
    const draft = replaces ? sanitizeEntryText(column.field, replaceWith) : entryText(column.field, row.values[column.field.name]);
    setActive({ rowId: row.id, columnName: column.field.name });
    setEditing({ rowId: row.id, columnName: column.field.name, draft, saving: false, error: null });
  };

  const stopEditing = () => {
    focusWanted.current = true;
    setEditing(null);
  };

  /** Saves the draft, then moves as the key said; a refusal keeps the cell in edit mode. */
  const commit = async (then: "down" | "right" | "left" | "stay") => {
    if (!editing || editing.saving) return;
    const row = rows.find((candidate) => candidate.id === editing.rowId);
    const column = columns.find((candidate) => candidate.field.name === editing.columnName);
    if (!row || !column) return setEditing(null);
    const unchanged = editing.draft === entryText(column.field, row.values[column.field.name]);
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
    const at = { ...position, row: rows.indexOf(row), column: columns.indexOf(column) };
    if (then === "down") moveTo(Math.min(at.row + 1, rows.length - 1), at.column);
    if (then === "right" || then === "left") {
      const next = tabMove(at, then === "left");
      if (next.kind === "move") moveTo(next.row, next.column);
    }
  };

  const onGridKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (editing || rows.length === 0 || target.closest("[data-grid-control]")) return;
    // Keys act on the focused cell (the active one, unless focus moved there otherwise).
    const key = target.closest<HTMLElement>("[data-cell]")?.dataset.cell;
    const separator = key?.lastIndexOf(":") ?? -1;
    const at = key
      ? { ...position, row: rows.findIndex((row) => row.id === key.slice(0, separator)), column: columns.findIndex((column) => column.field.name === key.slice(separator + 1)) }
      : position;
    if (at.row < 0 || at.column < 0) return;
    const column = columns[at.column];
    const row = rows[at.row];
    const command = gridCommand(event, at, editableColumn(column) && !row.pending, Boolean(column.link));
    if (command.kind === "none") return;
    event.preventDefault();
    if (command.kind === "move") moveTo(command.row, command.column);
    else if (command.kind === "open") !row.pending && props.onOpenRow?.(row);
    else if (command.kind === "follow") follow(row, column);
    else startEditing(row, column, command.replaceWith);
  };

  const toggleRow = (id: string) => {
    const next = new Set(props.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onSelect(next);
  };
  const selectableRows = rows.filter((row) => !row.pending);
  const allSelected = selectableRows.length > 0 && selectableRows.every((row) => props.selected.has(row.id));

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const before = virtualColumns[0]?.start ?? 0;
  const after = columnVirtualizer.getTotalSize() - (virtualColumns.at(-1)?.end ?? 0);
  const top = virtualRows[0]?.start ?? 0;
  const bottom = rowVirtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const spanAll = virtualColumns.length + (props.selectable ? 1 : 0) + (props.onOpenRow ? 1 : 0) + (before > 0 ? 1 : 0) + (after > 0 ? 1 : 0) + (props.trailingHeader ? 1 : 0);

  return (
    <div
      className="data-grid-scroll"
      ref={scrollRef}
      id={props.panelId}
      role={props.panelId ? "tabpanel" : undefined}
      aria-labelledby={props.labelledBy}
      data-testid="data-grid"
      onKeyDown={onGridKeyDown}
    >
      <table className="data-grid" role="grid" aria-label={props.label} aria-rowcount={rows.length + 1} aria-colcount={columns.length}>
        <thead>
          <tr>
            {props.selectable && (
              <th scope="col" className="data-grid-select">
                <input
                  type="checkbox"
                  data-grid-control
                  checked={allSelected}
                  aria-label={intl.formatMessage({ id: "data.grid.selectAll" })}
                  onChange={() => props.onSelect(allSelected ? new Set() : new Set(selectableRows.map((row) => row.id)))}
                />
              </th>
            )}
            {props.onOpenRow && (
              <th scope="col" className="data-grid-select">
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
                >
                  <div className="column-header">
                    {column.sortable ? (
                      <button
                        type="button"
                        className="column-sort"
                        data-grid-control
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
            {props.trailingHeader}
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
                {props.selectable && row.pending && <td className="data-grid-select" />}
                {props.selectable && !row.pending && (
                  <td className="data-grid-select">
                    <input
                      type="checkbox"
                      data-grid-control
                      checked={props.selected.has(row.id)}
                      onChange={() => toggleRow(row.id)}
                      aria-label={intl.formatMessage({ id: "data.grid.selectRow" }, { id: row.id })}
                    />
                  </td>
                )}
                {props.onOpenRow && row.pending && (
                  <td className="data-grid-select data-grid-new-mark">
                    <FormattedMessage id="data.grid.newRow" />
                  </td>
                )}
                {props.onOpenRow && !row.pending && (
                  <td className="data-grid-select">
                    <button
                      type="button"
                      className="btn btn-link"
                      data-grid-control
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
                      aria-colindex={virtualColumn.index + 1}
                      aria-readonly={!editableColumn(column) || undefined}
                      aria-keyshortcuts={props.onOpenRow ? "Shift+Enter" : undefined}
                      tabIndex={isActive || (!active && virtualRow.index === 0 && virtualColumn.index === 0) ? 0 : -1}
                      className={isActive ? "data-grid-cell active" : "data-grid-cell"}
                      data-cell={`${row.id}:${column.field.name}`}
                      data-testid={`cell-${column.field.name}`}
                      onClick={() => setActive({ rowId: row.id, columnName: column.field.name })}
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
                {props.trailingHeader && <td />}
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
