import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { graphql } from "react-relay/hooks";
import { CLOUD_FUNCTION_EXTENSIONS, normaliseFileKey, runtimeOf } from "../../domain/files";
import { ErrorMessage } from "../../common/ErrorMessage";
import { ApiError } from "../../relay/errors";
import { useMutate } from "../../relay/mutate";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import type { UploadFunctionDialogMutation } from "../../__generated__/UploadFunctionDialogMutation.graphql";

/** The file's content in base64 for uploadInlineFile; spec §8 'A file read failure reports Could not read file'. */
export async function base64Of(file: File) {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
    return btoa(binary);
  } catch {
    throw new ApiError("Could not read file", "error_file_read");
  }
}

/**
 * Spec §2 'The upload dialog accepts js, mjs, cjs, py and rb files', §7 'Upload uses
 * uploadInlineFile (key, mimeType, accessControl, archiveFormat, body, isCloudFunction), ZIP
 * format, and functions are private'. Opened with a file when one was pasted.
 */
export function UploadFunctionDialog(props: { connectionId: string; initialFile: File | null; onClose(): void }) {
  const intl = useIntl();
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(props.initialFile);
  const [error, setError] = useState<unknown>(null);
  const [upload, uploading] = useMutate<UploadFunctionDialogMutation>(graphql`
    mutation UploadFunctionDialogMutation($input: UploadInlineFileInput!, $connections: [ID!]!) {
      uploadInlineFile(input: $input) {
        cloudFunction @prependNode(connections: $connections, edgeTypeName: "CloudFunctionEdge") {
          id
          key
          functionUrl
          runtime
          size
          updatedAt
        }
      }
    }
  `);
  const invalid = file !== null && runtimeOf(file.name) === null;

  const submit = async () => {
    if (!file || invalid) return;
    setError(null);
    try {
      await upload({
        input: { key: normaliseFileKey(file.name), mimeType: file.type || "text/plain", accessControl: "private", archiveFormat: "ZIP", body: await base64Of(file), isCloudFunction: true },
        connections: [props.connectionId],
      });
      props.onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="function-upload-dialog">
      <h2 id={titleId}>
        <FormattedMessage id="functions.upload.title" />
      </h2>
      <div className="field">
        <label htmlFor={inputId}>
          <FormattedMessage id="functions.upload.file" />
        </label>
        <input
          id={inputId}
          type="file"
          accept={CLOUD_FUNCTION_EXTENSIONS.join(",")}
          data-testid="function-file"
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setError(null);
            setFile(event.currentTarget.files?.[0] ?? null);
          }}
        />
        {file && !invalid && (
          <p data-testid="function-chosen">
            <FormattedMessage id="functions.upload.chosen" values={{ name: file.name, runtime: runtimeOf(file.name) }} />
          </p>
        )}
        {invalid && (
          <p className="field-error" role="alert" id={`${inputId}-error`} data-testid="function-error">
            {intl.formatMessage({ id: "error_file_invalid_format" })}
          </p>
        )}
        {error !== null && (
          <p className="field-error" role="alert" data-testid="function-error">
            <ErrorMessage error={error} />
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <Button onClick={props.onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button variant="primary" onClick={() => void submit()} disabled={!file || invalid} busy={uploading} data-testid="function-upload-submit">
          <FormattedMessage id="functions.upload" />
        </Button>
      </div>
    </Dialog>
  );
}
