import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { FormattedMessage } from "react-intl";
import type { ImportedDataQuery } from "../__generated__/ImportedDataQuery.graphql";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

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
}

/**
 * An imported project's data (spec §2): its tables as read from the live API, their rows read
 * through the live API's own list operation, page after page. A table whose live API has no
 * writes is marked read-only.
 */
export function ImportedData(props: { apiId: string; tables: readonly ImportedTableInfo[] }) {
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
          <ImportedRows key={table.name} apiId={props.apiId} table={table} />
        </>
      )}
    </div>
  );
}

function ImportedRows(props: { apiId: string; table: ImportedTableInfo }) {
  // One token per loaded page: null is the first page.
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const columns = ["id", ...props.table.fields];
  return (
    <table className="data-table" data-testid="imported-rows">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      {pages.map((token, index) => (
        <Suspense key={token ?? "first"} fallback={<tbody><tr><td colSpan={columns.length}><Spinner /></td></tr></tbody>}>
          <ImportedPage apiId={props.apiId} table={props.table.name} columns={columns} nextToken={token} onMore={index === pages.length - 1 ? (next) => setPages((before) => [...before, next]) : null} />
        </Suspense>
      ))}
    </table>
  );
}

const shown = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

function ImportedPage(props: { apiId: string; table: string; columns: string[]; nextToken: string | null; onMore: ((next: string) => void) | null }) {
  const data = useLazyLoadQuery<ImportedDataQuery>(importedEntriesQuery, { apiId: props.apiId, table: props.table, nextToken: props.nextToken }, { fetchPolicy: "network-only" });
  const rows = data.importedEntries.items.map((item) => JSON.parse(item) as Record<string, unknown>);
  const next = data.importedEntries.nextToken;
  return (
    <tbody>
      {rows.map((row, index) => (
        <tr key={shown(row.id) || index}>
          {props.columns.map((column) => (
            <td key={column}>{shown(row[column])}</td>
          ))}
        </tr>
      ))}
      {next && props.onMore && (
        <tr>
          <td colSpan={props.columns.length}>
            <Button onClick={() => props.onMore?.(next)} data-testid="imported-more">
              <FormattedMessage id="data.imported.more" />
            </Button>
          </td>
        </tr>
      )}
    </tbody>
  );
}
