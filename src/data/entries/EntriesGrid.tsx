import { useEffect, useMemo, useState, useTransition, type ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import { readEntryText } from "../../domain/entryInput";
import { intlLocale } from "../../i18n/intlLocale";
import { childConnections, parentConnections } from "../../domain/records";
import { listSortFields, type Field, type ObjectType, type SchemaModel } from "../../domain/model";
import { LIST_MAX_LIMIT } from "../../domain/limits";
import { newDeletionId } from "../../domain/deletions";
import { ApiError } from "../../relay/errors";
import { ErrorMessage } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Announced } from "../../ui/LiveRegion";
import { Menu, MenuItem } from "../../ui/Menu";
import { fieldTypeLabel } from "../fieldTypeLabel";
import type { EntriesGrid_query$key } from "../../__generated__/EntriesGrid_query.graphql";
import { DataGrid, type GridColumn, type GridRow } from "./DataGrid";
import type { GridSort } from "./entriesSearch";
import { DeleteEntriesDialog, type DeleteScope } from "./DeleteEntriesDialog";
import { EntriesToolbar } from "./EntriesToolbar";
import { EntriesPager } from "./EntriesPager";
import { UnsortableHeader } from "./UnsortableHeader";
import { useDeleteEntries, useDeleteEntriesByFilter } from "./useDeleteEntries";
import { useDeletionProgress } from "./useDeletionProgress";
import { useLiveEntries } from "./useLiveEntries";
import { useImportedRows } from "./useImportedRows";
import "./EntriesGrid.css";
import { useUpdateEntry } from "./useUpdateEntry";

export { PAGE_SIZES } from "./EntriesPager";
/** Spec §9: "Pagination appears above 5 rows or when there is a next page." */
const PAGINATION_FROM_ROWS = 5;
/** The blank row's id: no entry id looks like it. */
const PENDING_ROW_ID = "new-entry";

const parseObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/** The table's connections as read-only columns: one per parent (its id), one per child table. */
function connectionColumns(intl: IntlShape, model: SchemaModel, table: ObjectType): GridColumn[] {
  const linkField = (name: string) => ({ id: `link:${name}`, name, type: "ID", directives: [], readonly: true }) as unknown as Field;
  return [
    ...parentConnections(model, table).map((connection) => ({
      field: linkField(connection.link),
      label: connection.link,
      typeLabel: intl.formatMessage({ id: "data.grid.belongsTo" }, { table: connection.parent.name }),
      readonly: true,
      sortable: false,
      link: { kind: "parent" as const, table: connection.parent.name },
    })),
    ...childConnections(model, table).map((connection) => ({
      // Not a name a field can have (GraphQL names have no "@" or "."), and no ":" (the cell keys use it).
      field: linkField(`@${connection.child.name}.${connection.slot}`),
      label: connection.child.name,
      typeLabel: intl.formatMessage({ id: "data.grid.hasMany" }),
      readonly: true,
      sortable: false,
      link: { kind: "children" as const, table: connection.child.name },
    })),
  ];
}

/** Spec §7: deletion goes in batches of 25. */
const DELETE_BATCH = 25;

export interface EntriesGridProps {
  query: EntriesGrid_query$key;
  table: ObjectType;
  model: SchemaModel;
  enumName(enumId: string | null | undefined): string | undefined;
  sort: GridSort;
  onSort(sort: GridSort): void;
  filter: string | null;
  pageSize: number;
  onPageSize(size: number): void;
  panelId: string;
  labelledBy: string;
  /** Whether the viewer may change the table's fields (the column configure menu). */
  editableModel: boolean;
  onAddField(): void;
  onEditField(field: Field): void;
  onRemoveField(field: Field): void;
  /** Marks a field 'sort by' in the model (offered on a column the list cannot sort by yet). */
  onMakeSortable?(field: Field): void;
  /** Add entry opens the record editor's sidebar; Save there creates the row (spec §2). */
  onAddEntry(): void;
  /** Opens an entry in the record editor (the grid's edit column). */
  onOpenEntry?(id: string): void;
  /** Pushes a related record onto the record editor's stack (a connection cell). */
  onOpenRelated?(table: string, id: string): void;
  /** A new entry is open in the record editor: the grid shows its blank row first (spec §2). */
  adding?: boolean;
  /** The grid's list, for a created entry to be put first in (the record editor's create). */
  onListId?(id: string): void;
  /** The CSV import button; it calls `onImported` when an import ends, to reload the rows. */
  renderImport?(onImported: () => void): ReactNode;
  exportControl?: ReactNode;
  /** The filter dropdown, drawn in the toolbar. */
  filterControl?: ReactNode;
}

/** The loaded rows rounded up to whole pages; at most what one list call returns. */
export function loadedPagesCount(loaded: number, pageSize: number) {
  return Math.min(LIST_MAX_LIMIT, Math.max(1, Math.ceil(loaded / pageSize)) * pageSize);
}

/**
 * A published table's entries (spec §2 'Generic data table'): pages of listTypes appended with
 * loadNext, kept live by the table's subscriptions, edited in place through updateType, and the
 * toolbar's add, reload and delete (selected entries, or all the filter matches in one request).
 */
export function EntriesGrid(props: EntriesGridProps) {
  const intl = useIntl();
  const { table } = props;
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment EntriesGrid_query on Query
      @refetchable(queryName: "EntriesGridPaginationQuery")
      @argumentDefinitions(
        ofType: { type: "String!" }
        filter: { type: "String" }
        sortField: { type: "String" }
        sortOrder: { type: "SortOrder!" }
        count: { type: "Int!" }
        cursor: { type: "String" }
      ) {
        viewerCanEditData
        viewerCanDeleteData
        listTypes(ofType: $ofType, filter: $filter, sortField: $sortField, sortOrder: $sortOrder, first: $count, after: $cursor)
          @connection(key: "EntriesGrid_listTypes", filters: ["ofType", "filter", "sortField", "sortOrder"]) {
          __id
          estimatedCount
          edges {
            node {
              id
              fields
              connections
              createdAt
              updatedAt
            }
          }
        }
      }
    `,
    props.query,
  );
  const connectionId = data.listTypes.__id;
  useLiveEntries(table.name, connectionId);
  const { onListId } = props;
  useEffect(() => onListId?.(connectionId), [onListId, connectionId]);
  const [update] = useUpdateEntry();
  const [deleteEntries] = useDeleteEntries();
  const [deleteByFilter] = useDeleteEntriesByFilter();
  const [reloading, startReload] = useTransition();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<DeleteScope | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deletedCount, setDeletedCount] = useState<number | null>(null);
  const [deletionId, setDeletionId] = useState<string | null>(null);
  const deletion = useDeletionProgress(table.name, deletionId);
  const [error, setError] = useState<unknown>(null);
  // A reload asks for at most one list call's rows; a user who had loaded more is told so.
  const [reloadCapped, setReloadCapped] = useState(false);

  const canEdit = data.viewerCanEditData;
  const canDelete = data.viewerCanDeleteData;

  const rows = useMemo<(GridRow & { updatedAt: string })[]>(
    () =>
      // A deleted entry (@deleteRecord, here or live) leaves its edge with no node until the next load.
      data.listTypes.edges.flatMap(({ node }) =>
        node
          ? [
              {
                id: node.id,
                updatedAt: node.updatedAt,
                values: { ...parseObject(node.fields), ...parseObject(node.connections), id: node.id, createdAt: node.createdAt, updatedAt: node.updatedAt },
              },
            ]
          : [],
      ),
    [data.listTypes.edges],
  );
  // Spec §2: "Adding a new entry inserts a blank row" — shown first until the sidebar saves or closes.
  const shownRows = useMemo<GridRow[]>(() => (props.adding ? [{ id: PENDING_ROW_ID, values: {}, pending: true }, ...rows] : rows), [props.adding, rows]);
  // Rows that left the list (deleted here or live) leave the selection too.
  const selection = useMemo(() => new Set(rows.filter((row) => selected.has(row.id)).map((row) => row.id)), [rows, selected]);

  const sortable = new Set(listSortFields(table.fields));
  const columns: GridColumn[] = [
    ...table.fields
      .filter((field) => field.type != null)
      .map((field) => ({
        field,
        label: field.label || field.name,
        typeLabel: fieldTypeLabel(intl, field, props.enumName),
        readonly: field.readonly === true,
        sortable: sortable.has(field.name),
      })),
    ...connectionColumns(intl, props.model, table),
  ];

  // A reload (the toolbar's, or an import's batches arriving) fetches as many rows as are loaded,
  // so a grid scrolled to its third page stays there instead of falling back to the first.
  const reload = () => {
    if (data.listTypes.edges.length > LIST_MAX_LIMIT) setReloadCapped(true);
    startReload(() => {
      refetch({ count: loadedPagesCount(data.listTypes.edges.length, props.pageSize) }, { fetchPolicy: "network-only" });
    });
  };
  useImportedRows(table.name, reload);

  const save = async (row: GridRow, field: Field, text: string) => {
    const { value, problem } = readEntryText(field, text, props.model.enumTypes, intlLocale(intl));
    if (problem) {
      const values = { field: problem.field, ...problem.values };
      throw new ApiError(problem.messageId, problem.messageId, "BAD_USER_INPUT", Object.fromEntries(Object.entries(values).map(([key, item]) => [key, String(item)])));
    }
    const current = rows.find((candidate) => candidate.id === row.id);
    await update({ id: row.id, ofType: table.name, fields: JSON.stringify({ [field.name]: value }), expectedUpdatedAt: current?.updatedAt ?? null });
  };

  const confirmDelete = async (scope: DeleteScope) => {
    setDeleting(true);
    setError(null);
    setDeletedCount(null);
    try {
      if (scope === "selected") {
        const ids = [...selection];
        for (let start = 0; start < ids.length; start += DELETE_BATCH) {
          await deleteEntries({ ofType: table.name, items: ids.slice(start, start + DELETE_BATCH).map((id) => ({ id })) });
        }
        setDeletedCount(ids.length);
        setSelected(new Set());
      } else {
        const id = newDeletionId();
        setDeletionId(id);
        const result = await deleteByFilter({ ofType: table.name, filter: props.filter, deletionId: id });
        setDeletedCount(result.deleteTypes.deletedCount);
        reload();
      }
      setConfirming(null);
    } catch (caught) {
      setError(caught);
      setConfirming(null);
      // A deletion that stopped midway has deleted its committed chunks: show what is left.
      if (scope === "matching") reload();
    } finally {
      setDeleting(false);
    }
  };

  const columnMenu = (column: GridColumn) =>
    props.editableModel && !column.readonly ? (
      <Menu
        buttonClassName="btn column-menu-button"
        ariaLabel={intl.formatMessage({ id: "data.grid.columnMenu" }, { name: column.field.name })}
        label="⋯"
        floating
        // The grid's header cell is the tab stop; Enter moves into its buttons.
        buttonTabIndex={-1}
      >
        <MenuItem onSelect={() => props.onEditField(column.field)}>
          <FormattedMessage id="data.grid.editField" />
        </MenuItem>
        <MenuItem onSelect={() => props.onRemoveField(column.field)}>
          <FormattedMessage id="data.grid.removeField" />
        </MenuItem>
      </Menu>
    ) : null;

  return (
    <div className="entries-grid">
      <EntriesToolbar
        canEdit={canEdit}
        canDelete={canDelete}
        filtered={props.filter !== null}
        selectedCount={selection.size}
        reloading={reloading}
        onAdd={props.onAddEntry}
        importControl={props.renderImport?.(reload)}
        exportControl={props.exportControl}
        onReload={reload}
        onDeleteSelected={() => setConfirming("selected")}
        onDeleteMatching={() => setConfirming("matching")}
        filterControl={props.filterControl}
      />
      {deleting && (
        // Indeterminate until the server announces its first chunk (and for selected rows).
        <div className="entries-progress" data-testid="delete-progress">
          {deletion && deletion.total > 0 ? (
            <>
              <progress aria-label={intl.formatMessage({ id: "data.entries.deleting" })} value={deletion.deleted} max={deletion.total} />
              <FormattedMessage id="data.entries.deletingProgress" values={{ deleted: deletion.deleted, total: deletion.total }} />
            </>
          ) : (
            <>
              <progress aria-label={intl.formatMessage({ id: "data.entries.deleting" })} />
              <FormattedMessage id="data.entries.deleting" />
            </>
          )}
        </div>
      )}
      {!deleting && error != null && deletion && !deletion.finished && (
        <Alert variant="info" testId="delete-stopped">
          <FormattedMessage id="data.entries.deleteStopped" values={{ deleted: deletion.deleted, total: deletion.total }} />
        </Alert>
      )}
      {deletedCount !== null && (
        <Announced announceKey={deletedCount} testId="deleted-count">
          <FormattedMessage id="data.entries.deleted" values={{ count: deletedCount }} />
        </Announced>
      )}
      {error != null && (
        <Alert variant="danger" testId="entries-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <DataGrid
        onOpenRow={props.onOpenEntry ? (row) => props.onOpenEntry?.(row.id) : undefined}
        onFollowLink={(row, column) => {
          // A parent's cell opens the parent; a child table's cell opens this entry, which lists them.
          if (column.link?.kind === "parent") props.onOpenRelated?.(column.link.table, String(row.values[column.field.name]));
          else props.onOpenRelated?.(table.name, row.id);
        }}
        label={table.name}
        columns={columns}
        rows={shownRows}
        enums={props.model.enumTypes}
        canEdit={canEdit}
        selectable={canDelete}
        selected={selection}
        onSelect={setSelected}
        sort={props.sort}
        onSort={props.onSort}
        onSave={save}
        columnMenu={columnMenu}
        unsortableHeader={(column) => (
          <UnsortableHeader column={column} onMakeSortable={props.editableModel && props.onMakeSortable ? () => props.onMakeSortable?.(column.field) : undefined} />
        )}
        panelId={props.panelId}
        labelledBy={props.labelledBy}
        onAddField={props.editableModel ? props.onAddField : undefined}
      />
      {(rows.length > PAGINATION_FROM_ROWS || hasNext) && (
        <EntriesPager
          table={table.name}
          filter={props.filter}
          loaded={rows.length}
          estimate={data.listTypes.estimatedCount}
          hasNext={hasNext}
          loadingNext={isLoadingNext}
          pageSize={props.pageSize}
          onPageSize={(size) => {
            // The route's query stays; its pages are fetched again at the new size.
            props.onPageSize(size);
            startReload(() => {
              refetch({ count: size }, { fetchPolicy: "network-only" });
            });
          }}
          onLoadMore={() => {
            setReloadCapped(false);
            loadNext(props.pageSize);
          }}
        >
          {reloadCapped && (
            <Announced announceKey={rows.length} className="field-hint" testId="reload-capped">
              <FormattedMessage id="data.entries.reloadCapped" values={{ max: LIST_MAX_LIMIT }} />
            </Announced>
          )}
        </EntriesPager>
      )}
      {confirming && (
        <DeleteEntriesDialog
          scope={confirming}
          tableName={table.name}
          count={confirming === "selected" ? selection.size : null}
          busy={deleting}
          onConfirm={() => void confirmDelete(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
