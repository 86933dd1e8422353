import { useEffect, useId, useState } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { fetchQuery, graphql, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import { FILES_PAGE_SIZE, runtimeOf } from "../../domain/files";
import { ErrorMessage } from "../../common/ErrorMessage";
import { ApiError } from "../../relay/errors";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAnnounce } from "../../ui/LiveRegion";
import type { FunctionList_query$key } from "../../__generated__/FunctionList_query.graphql";
import type { FunctionListDeleteMutation } from "../../__generated__/FunctionListDeleteMutation.graphql";
import type { FunctionListExportQuery } from "../../__generated__/FunctionListExportQuery.graphql";
import { FileSize } from "../../files/project/FileSize";
import { UploadFunctionDialog } from "./UploadFunctionDialog";
import { FunctionLogs } from "./FunctionLogs";

const exportQuery = graphql`
  query FunctionListExportQuery($id: ID!) {
    exportCloudFunction(id: $id) {
      url
      fileName
    }
  }
`;

/** Spec §2 'Cloud functions: a toolbar with upload, delete and export, and a selectable table. … Pasting supported files opens the dialog.' */
/** `openLogs`: a function's id or key whose logs show at first (the Logs screen links with ?logs=). */
export function FunctionList(props: { query: FunctionList_query$key; openLogs?: string }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment FunctionList_query on Query
      @refetchable(queryName: "FunctionListPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        viewerCanUploadFiles
        viewerCanDeleteFiles
        viewerCanExportFunctions
        listCloudFunction(first: $count, after: $cursor) @connection(key: "FunctionList_listCloudFunction") {
          __id
          edges {
            node {
              id
              key
              functionUrl
              runtime
              size
              updatedAt
            }
          }
        }
      }
    `,
    props.query,
  );
  const functions = data.listCloudFunction.edges.map((edge) => edge.node);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [uploadFile, setUploadFile] = useState<File | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [remove, removing] = useMutate<FunctionListDeleteMutation>(graphql`
    mutation FunctionListDeleteMutation($input: [DeleteCloudFunctionInput!]!, $connections: [ID!]!) {
      batchDeleteCloudFunction(input: $input) {
        id @deleteEdge(connections: $connections)
      }
    }
  `);
  const chosen = functions.filter((fn) => selected.has(fn.id));
  const environment = useRelayEnvironment();
  const exportHintId = useId();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [logsOf, setLogsOf] = useState<string | null>(() => functions.find((fn) => fn.id === props.openLogs || fn.key === props.openLogs)?.key ?? null);
  const shownLogs = functions.find((fn) => fn.key === logsOf);

  // Pasting a supported file opens the upload dialog with it.
  useEffect(() => {
    if (!data.viewerCanUploadFiles) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = Array.from(event.clipboardData?.files ?? []).find((candidate) => runtimeOf(candidate.name) !== null);
      if (file) setUploadFile(file);
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [data.viewerCanUploadFiles]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const confirmDelete = async () => {
    setConfirming(false);
    setDeleteError(null);
    try {
      await remove({ input: chosen.map((fn) => ({ id: fn.id })), connections: [data.listCloudFunction.__id] });
      setSelected(new Set());
      announce(intl.formatMessage({ id: "functions.deleted" }, { count: chosen.length }));
    } catch (error) {
      setDeleteError(error);
    }
  };
  /**
   * Downloads the selected function's code (its ZIP) from the short-lived address the server
   * signs for callers allowed to export (functions are private, spec §7).
   */
  const exportSelected = async () => {
    const [fn] = chosen;
    if (!fn) return;
    setExporting(true);
    setExportError(null);
    try {
      const answer = await fetchQuery<FunctionListExportQuery>(environment, exportQuery, { id: fn.id }, { fetchPolicy: "network-only" }).toPromise();
      const exported = answer?.exportCloudFunction;
      if (!exported) throw new ApiError("Object not found.", "error_file_not_found");
      const link = document.createElement("a");
      link.href = exported.url;
      link.download = exported.fileName;
      link.click();
      announce(intl.formatMessage({ id: "functions.exported" }, { name: fn.key }));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="files">
      <div className="files-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: "functions.toolbar" })}>
        {data.viewerCanUploadFiles && (
          <Button variant="primary" onClick={() => setUploadFile(null)} data-testid="functions-upload">
            <FormattedMessage id="functions.upload" />
          </Button>
        )}
        {data.viewerCanDeleteFiles && (
          <Button variant="danger" disabled={chosen.length === 0} busy={removing} onClick={() => setConfirming(true)} data-testid="functions-delete">
            <FormattedMessage id="functions.delete" values={{ count: chosen.length }} />
          </Button>
        )}
        {data.viewerCanExportFunctions && (
          <Button disabled={chosen.length !== 1} busy={exporting} onClick={() => void exportSelected()} aria-describedby={functions.length > 0 ? exportHintId : undefined} data-testid="functions-export">
            <FormattedMessage id="functions.export" />
          </Button>
        )}
      </div>
      {data.viewerCanExportFunctions && functions.length > 0 && (
        <p className="files-hint" id={exportHintId}>
          <FormattedMessage id="functions.export.hint" />
        </p>
      )}
      {data.viewerCanUploadFiles && (
        <p className="files-hint">
          <FormattedMessage id="functions.pasteHint" />
        </p>
      )}
      {exportError !== null && (
        <Alert variant="danger" testId="functions-export-error">
          <ErrorMessage error={exportError} />
        </Alert>
      )}
      {deleteError !== null && (
        <Alert variant="danger" testId="functions-delete-error">
          <ErrorMessage error={deleteError} />
        </Alert>
      )}
      {functions.length === 0 ? (
        <p className="files-empty" data-testid="functions-empty">
          <FormattedMessage id="functions.empty" />
        </p>
      ) : (
        <table className="files-table" data-testid="functions-table">
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  checked={chosen.length === functions.length}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && chosen.length < functions.length;
                  }}
                  onChange={() => setSelected(chosen.length === functions.length ? new Set() : new Set(functions.map((fn) => fn.id)))}
                  aria-label={intl.formatMessage({ id: "functions.selectAll" })}
                  data-testid="functions-select-all"
                />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="functions.column.runtime" />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.size" />
              </th>
              <th scope="col" className="functions-updated">
                <FormattedMessage id="functions.column.updated" />
              </th>
              <th scope="col">
                <FormattedMessage id="functions.column.logs" />
              </th>
            </tr>
          </thead>
          <tbody>
            {functions.map((fn) => (
              <tr key={fn.id} data-testid="function-row">
                <td>
                  <input type="checkbox" checked={selected.has(fn.id)} onChange={() => toggle(fn.id)} aria-label={intl.formatMessage({ id: "functions.select" }, { name: fn.key })} />
                </td>
                <td className="files-name">{fn.key}</td>
                <td>{fn.runtime}</td>
                <td>
                  <FileSize bytes={fn.size} />
                </td>
                <td className="functions-updated">
                  <FormattedDate value={fn.updatedAt} dateStyle="medium" timeStyle="short" />
                </td>
                <td>
                  <Button
                    aria-pressed={logsOf === fn.key}
                    onClick={() => setLogsOf(logsOf === fn.key ? null : fn.key)}
                    aria-label={intl.formatMessage({ id: "functions.logs.show" }, { name: fn.key })}
                    data-testid="function-logs-toggle"
                  >
                    <FormattedMessage id="functions.logs" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasNext && (
        <Button onClick={() => loadNext(FILES_PAGE_SIZE)} busy={isLoadingNext} data-testid="functions-load-more">
          <FormattedMessage id="common.loadMore" />
        </Button>
      )}
      {shownLogs && <FunctionLogs key={shownLogs.key} functionKey={shownLogs.key} functionUrl={shownLogs.functionUrl ?? null} canReplay={data.viewerCanUploadFiles && shownLogs.runtime === "nodejs18.x"} />}
      {uploadFile !== undefined && <UploadFunctionDialog connectionId={data.listCloudFunction.__id} initialFile={uploadFile} onClose={() => setUploadFile(undefined)} />}
      {confirming && (
        <ConfirmDialog
          title={<FormattedMessage id="functions.delete.title" values={{ count: chosen.length }} />}
          confirmLabel={<FormattedMessage id="functions.delete" values={{ count: chosen.length }} />}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
          testId="functions-delete-dialog"
        >
          <p>
            <FormattedMessage id="functions.delete.text" values={{ names: chosen.map((fn) => fn.key).join(", ") }} />
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
