import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ImportedDataQuery } from "../__generated__/ImportedDataQuery.graphql";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Alert } from "../ui/Alert";
import { errorText } from "../common/ErrorMessage";
import { ImportedEntryDialog } from "./imported/ImportedEntryDialog";
import { useImportedEntryWrites } from "./imported/useImportedEntryWrites";

const importedEntriesQuery = graphql`
  query ImportedDataQuery($apiId: ID!, $table: String!, $nextToken: String) {
    importedEntries(apiId: $apiId, table: $table, limit: 50, nextToken: $nextToken) {
      items
      nextToken
    }
  }
`;

export interface ImportedTableInfo {
  readonly name: string;
  readonly fields: readonly string[];
  readonly canCreate: boolean;
  readonly canUpdate: boolean;
  readonly canDelete: boolean;
  /** The model's type of each field (from the introspected schema), so the form sends typed values. */
  readonly fieldTypes?: Readonly<Record<string, string>>;
}

/**
 * An imported project's data (spec §2): its tables as read from the live API, their rows read
 * through the live API's own list operation, page after page, and written through its own
 * create/update/delete where it has them and the viewer may edit data. A table whose live API
 * has no writes is marked read-only and shows no edit controls.
 */
export function ImportedData(props: { apiId: string; tables: readonly ImportedTableInfo[]; canEdit: boolean; canDelete: boolean }) {
  const [selected, setSelected] = useState(props.tables[0]?.name ?? "");
  const table = props.tables.find((candidate) => candidate.name === selected);
  return (
    <div className="imported-data" data-testid="imported-data">
      <nav className="tabs" aria-label="tables">
        {props.tables.map((candidate) => (
          <Button key={candidate.name} variant={candidate.name === selected ? "primary" : undefined} onClick={() => setSelected(candidate.name)} aria-pressed={candidate.name === selected}>
            {candidate.name}
          </Button>
        ))}
      </nav>
      {table && (
        <>
          {!table.canCreate && !table.canUpdate && !table.canDelete && (
            <p className="field-hint" data-testid="imported-read-only">
              <FormattedMessage id="data.imported.readOnly" />
            </p>
          )}
          <ImportedRows key={table.name} apiId={props.apiId} table={table} canEdit={props.canEdit} canDelete={props.canDelete} />
        </>
      )}
    </div>
  );
}

type Editing = { row: Record<string, unknown> | null } | null;

function ImportedRows(props: { apiId: string; table: ImportedTableInfo; canEdit: boolean; canDelete: boolean }) {
  const intl = useIntl();
  // One token per loaded page: null is the first page. A write starts over from the first page.
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const writes = useImportedEntryWrites();
  const { table } = props;
  const canCreate = props.canEdit && table.canCreate;
  const rowActions = { edit: props.canEdit && table.canUpdate, remove: props.canDelete && table.canDelete };
  const columns = ["id", ...table.fields];
  const reload = () => {
    setPages([null]);
    setVersion((before) => before + 1);
  };
  const save = async (values: Record<string, unknown>) => {
    const variables = { apiId: props.apiId, table: table.name, values: JSON.stringify(values) };
    await (editing?.row ? writes.update(variables) : writes.create(variables));
    setEditing(null);
    reload();
  };
  const remove = async (row: Record<string, unknown>) => {
    setDeleting(null);
    setError(null);
    try {
      await writes.remove({ apiId: props.apiId, table: table.name, id: String(row.id) });
      reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      {canCreate && (
        <Button onClick={() => setEditing({ row: null })} data-testid="imported-add">
          <FormattedMessage id="data.imported.add" />
        </Button>
      )}
      {error ? <Alert variant="danger" testId="imported-error">{errorText(intl, error)}</Alert> : null}
      <table className="data-table" data-testid="imported-rows">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {(rowActions.edit || rowActions.remove) && (
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="data.imported.actions" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        {pages.map((token, index) => (
          <Suspense key={`${version}:${token ?? "first"}`} fallback={<tbody><tr><td colSpan={columns.length}><Spinner /></td></tr></tbody>}>
            <ImportedPage
              apiId={props.apiId}
              table={table.name}
              columns={columns}
              nextToken={token}
              version={version}
              actions={rowActions}
              onEdit={(row) => setEditing({ row })}
              onDelete={setDeleting}
              onMore={index === pages.length - 1 ? (next) => setPages((before) => [...before, next]) : null}
            />
          </Suspense>
        ))}
      </table>
      {editing && (
        <ImportedEntryDialog table={table.name} fields={table.fields} fieldTypes={table.fieldTypes ?? {}} row={editing.row} busy={writes.busy} onSave={save} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          testId="imported-delete-dialog"
          title={<FormattedMessage id="data.imported.deleteTitle" />}
          confirmLabel={<FormattedMessage id="data.imported.delete" />}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            <FormattedMessage id="data.imported.deleteText" values={{ id: shown(deleting.id) }} />
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

const shown = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

function ImportedPage(props: {
  apiId: string;
  table: string;
  columns: string[];
  nextToken: string | null;
  version: number;
  actions: { edit: boolean; remove: boolean };
  onEdit(row: Record<string, unknown>): void;
  onDelete(row: Record<string, unknown>): void;
  onMore: ((next: string) => void) | null;
}) {
  // fetchKey: after a write the same page is asked for again rather than read from the store.
  const data = useLazyLoadQuery<ImportedDataQuery>(
    importedEntriesQuery,
    { apiId: props.apiId, table: props.table, nextToken: props.nextToken },
    { fetchPolicy: "network-only", fetchKey: props.version },
  );
  const withActions = props.actions.edit || props.actions.remove;
  const rows = data.importedEntries.items.map((item) => JSON.parse(item) as Record<string, unknown>);
  const next = data.importedEntries.nextToken;
  return (
    <tbody>
      {rows.map((row, index) => (
        <tr key={shown(row.id) || index}>
          {props.columns.map((column) => (
            <td key={column}>{shown(row[column])}</td>
          ))}
          {withActions && (
            <td className="row-actions">
              {props.actions.edit && (
                <Button onClick={() => props.onEdit(row)} data-testid="imported-edit">
                  <FormattedMessage id="data.imported.edit" />
                </Button>
              )}
              {props.actions.remove && (
                <Button variant="danger" onClick={() => props.onDelete(row)} data-testid="imported-delete">
                  <FormattedMessage id="data.imported.delete" />
                </Button>
              )}
            </td>
          )}
        </tr>
      ))}
      {next && props.onMore && (
        <tr>
          <td colSpan={props.columns.length + (withActions ? 1 : 0)}>
            <Button onClick={() => props.onMore?.(next)} data-testid="imported-more">
              <FormattedMessage id="data.imported.more" />
            </Button>
          </td>
        </tr>
      )}
    </tbody>
  );
}
