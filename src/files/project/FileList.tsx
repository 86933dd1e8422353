import { useId, useRef, useState, type DragEvent } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import { ACCESS_CONTROLS, FILES_PAGE_SIZE, type AccessControl } from "../../domain/files";
import { ErrorMessage } from "../../common/ErrorMessage";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAnnounce } from "../../ui/LiveRegion";
import type { FileList_query$key } from "../../__generated__/FileList_query.graphql";
import type { FileListDeleteMutation } from "../../__generated__/FileListDeleteMutation.graphql";
import { FileSize } from "./FileSize";
import { useUploadFiles } from "./useUploadFiles";

/**
 * The file explorer (spec §2 'Files: a file explorer with drag/drop upload, delete and load
 * more'): the project's files newest first, 100 per page, uploads by drop or button as private
 * (the default) or public files, open or download by the name's link, and delete with
 * confirmation for admins (spec §6).
 */
export function FileList(props: { query: FileList_query$key }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment FileList_query on Query
      @refetchable(queryName: "FileListPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        viewerCanUploadFiles
        viewerCanDeleteFiles
        listFileDocument(first: $count, after: $cursor) @connection(key: "FileList_listFileDocument") {
          __id
          edges {
            node {
              id
              name
              mimeType
              url
              accessControl
              size
              createdAt
            }
          }
        }
      }
    `,
    props.query,
  );
  const files = data.listFileDocument.edges.map((edge) => edge.node);
  const { uploads, upload } = useUploadFiles(data.listFileDocument.__id);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);
  // Safe by default: a file is public only when the user says so (docs/DECISIONS.md).
  const [access, setAccess] = useState<AccessControl>("private");
  const accessName = useId();
  const input = useRef<HTMLInputElement>(null);
  const [remove, removing] = useMutate<FileListDeleteMutation>(graphql`
    mutation FileListDeleteMutation($input: [DeleteFileDocumentInput!]!, $connections: [ID!]!) {
      batchDeleteFileDocument(input: $input) {
        id @deleteEdge(connections: $connections)
      }
    }
  `);

  const start = async (chosen: FileList | null) => {
    const list = chosen ? Array.from(chosen) : [];
    if (list.length === 0) return;
    const stored = await upload(list, access);
    announce(intl.formatMessage({ id: "files.uploaded" }, { count: stored }));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (data.viewerCanUploadFiles) void start(event.dataTransfer.files);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    setDeleteError(null);
    try {
      await remove({ input: [{ id: target.id }], connections: [data.listFileDocument.__id] });
      announce(intl.formatMessage({ id: "files.deleted" }, { name: target.name }));
    } catch (error) {
      setDeleteError(error);
    }
  };

  // The whole explorer takes dropped files, so one dropped beside the zone is uploaded too
  // instead of the browser opening it in place of the console.
  const dropTarget = data.viewerCanUploadFiles
    ? {
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: drop,
      }
    : {};

  return (
    <div className="files" {...dropTarget}>
      {data.viewerCanUploadFiles && (
        <div className={`files-dropzone${dragging ? " files-dropzone-active" : ""}`} data-testid="files-dropzone">
          <p>
            <FormattedMessage id="files.dropHint" />
          </p>
          <fieldset className="files-access" data-testid="files-access">
            <legend>
              <FormattedMessage id="files.access.legend" />
            </legend>
            {ACCESS_CONTROLS.slice()
              .reverse()
              .map((option) => (
                <label key={option}>
                  <input type="radio" name={accessName} value={option} checked={access === option} onChange={() => setAccess(option)} data-testid={`files-access-${option}`} />{" "}
                  <FormattedMessage id={`files.access.${option}`} />
                </label>
              ))}
          </fieldset>
          <Button variant="primary" onClick={() => input.current?.click()} data-testid="files-upload">
            <FormattedMessage id="files.upload" />
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="files-input"
            onChange={(event) => {
              const chosen = event.currentTarget.files;
              void start(chosen).finally(() => {
                if (input.current) input.current.value = "";
              });
            }}
          />
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="files-uploads" aria-label={intl.formatMessage({ id: "files.uploads" })} data-testid="files-uploads">
          {uploads.map((item) => (
            <li key={item.id} data-testid="file-upload">
              <span className="files-upload-name">{item.name}</span>
              {item.error ? (
                <span className="field-error" role="alert">
                  <ErrorMessage error={item.error} />
                </span>
              ) : (
                <progress max={100} value={item.progress} aria-label={intl.formatMessage({ id: "files.progress" }, { name: item.name })} />
              )}
            </li>
          ))}
        </ul>
      )}
      {deleteError !== null && (
        <Alert variant="danger" testId="files-delete-error">
          <ErrorMessage error={deleteError} />
        </Alert>
      )}
      {files.length === 0 ? (
        <p className="files-empty" data-testid="files-empty">
          <FormattedMessage id="files.empty" />
        </p>
      ) : (
        <table className="files-table" data-testid="files-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="files.column.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.type" />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.access" />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.size" />
              </th>
              <th scope="col">
                <FormattedMessage id="files.column.date" />
              </th>
              {data.viewerCanDeleteFiles && (
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="files.column.actions" />
                  </span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.id} data-testid="file-row">
                <td className="files-name">
                  <a href={file.url} download={file.name} data-testid="file-link">
                    {file.name}
                  </a>
                </td>
                <td>{file.mimeType}</td>
                <td data-testid="file-access">
                  <FormattedMessage id={`files.access.value.${file.accessControl === "public" ? "public" : "private"}`} />
                </td>
                <td>
                  <FileSize bytes={file.size} />
                </td>
                <td>
                  <FormattedDate value={file.createdAt} dateStyle="medium" timeStyle="short" />
                </td>
                {data.viewerCanDeleteFiles && (
                  <td>
                    <Button variant="danger" onClick={() => setDeleting({ id: file.id, name: file.name })} disabled={removing} aria-label={intl.formatMessage({ id: "files.delete.label" }, { name: file.name })} data-testid="file-delete">
                      <FormattedMessage id="files.delete" />
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasNext && (
        <Button onClick={() => loadNext(FILES_PAGE_SIZE)} busy={isLoadingNext} data-testid="files-load-more">
          <FormattedMessage id="common.loadMore" />
        </Button>
      )}
      {deleting && (
        <ConfirmDialog
          title={<FormattedMessage id="files.delete.title" />}
          confirmLabel={<FormattedMessage id="files.delete" />}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
          testId="file-delete-dialog"
        >
          <p>
            <FormattedMessage id="files.delete.text" values={{ name: deleting.name }} />
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
