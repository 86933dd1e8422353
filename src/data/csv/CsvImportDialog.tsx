import { useId, useMemo, useState, type ChangeEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import Papa from "papaparse";
import { CSV_HEADER_MAX_BYTES, CSV_MAX_BYTES, isCsvFileName, isHeaderTooLong, planColumns, type ColumnPlan } from "../../domain/csv";
import type { ObjectType, SchemaModel } from "../../domain/model";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Announced } from "../../ui/LiveRegion";
import { ErrorMessage } from "../../common/ErrorMessage";
import { ApiError } from "../../relay/errors";
import { downloadCsv, failedRowsUrl, isFinished, uploadCsv, type ImportState } from "./csvApi";

/** Rows the preview shows under the header. */
const PREVIEW_ROWS = 20;

interface Preview {
  file: File;
  header: string[];
  rows: string[][];
}

const invalidFormat = () => new ApiError("Invalid file format.", "form_dropzone.invalid_format");

/** The first rows of the file, parsed in the browser as the server will parse the whole. */
function readPreview(file: File): Promise<Preview> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS + 1,
      skipEmptyLines: true,
      delimitersToGuess: [",", ";"],
      complete: (results) => {
        const [header, ...rows] = results.data;
        if (!header || header.every((cell) => cell.trim() === "")) reject(new ApiError("The file has no header row.", "error_csv_no_header"));
        else if (isHeaderTooLong(header, results.meta.delimiter)) {
          reject(new ApiError("The header line is too long.", "error_csv_header_too_long", "BAD_USER_INPUT", { maxKb: String(CSV_HEADER_MAX_BYTES / 1024) }));
        } else resolve({ file, header: header.map((cell) => cell.trim()), rows });
      },
      error: () => reject(new ApiError("Could not read file", "data.csv.import.readError")),
    });
  });
}

function ColumnMapping(props: { plan: ColumnPlan; optedIn: boolean; onToggle(on: boolean): void }) {
  const { plan } = props;
  if (plan.kind === "field") return <FormattedMessage id="data.csv.import.mapping.field" values={{ field: plan.field }} />;
  if (plan.kind === "skip" && plan.reason !== "unknown") {
    return (
      <span className="csv-refused">
        <FormattedMessage id={`data.csv.import.mapping.${plan.reason}`} />
      </span>
    );
  }
  return (
    <label className="checkbox">
      <input type="checkbox" checked={props.optedIn} onChange={(event) => props.onToggle(event.target.checked)} data-testid={`csv-optin-${plan.column}`} />
      <FormattedMessage id="data.csv.import.mapping.create" />
    </label>
  );
}

function Progress(props: { apiId: string; state: ImportState; error: unknown; onAnother(): void }) {
  const intl = useIntl();
  const { state } = props;
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const finished = isFinished(state);
  const download = () => {
    setDownloadError(null);
    downloadCsv(failedRowsUrl(props.apiId, state.id, intl.locale), `${state.table}-failed-rows.csv`).catch(setDownloadError);
  };
  const firstFailure = state.firstFailure;
  return (
    <div className="csv-progress" data-testid="csv-progress">
      <Announced announceKey={state.status} testId="csv-status">
        <FormattedMessage id={`data.csv.import.status.${state.status}`} />
      </Announced>
      {!finished && <progress className="csv-progress-bar" aria-label={intl.formatMessage({ id: `data.csv.import.status.${state.status}` })} />}
      <p data-testid="csv-counts">
        <FormattedMessage id="data.csv.import.counts" values={{ done: state.rowsDone, failed: state.rowsFailed, rate: state.rowsPerSecond }} />
      </p>
      {state.error && (
        <Alert variant="danger" testId="csv-import-error">
          <FormattedMessage id={state.error} />
        </Alert>
      )}
      {firstFailure && (
        <Alert variant="danger" testId="csv-first-failure">
          <FormattedMessage
            id="data.csv.import.firstError"
            values={{
              line: firstFailure.line,
              message: intl.formatMessage({ id: firstFailure.messageId }, { field: firstFailure.field ?? "", ...firstFailure.values }),
            }}
          />
        </Alert>
      )}
      {props.error != null && (
        <Alert variant="danger" testId="csv-poll-error">
          <ErrorMessage error={props.error} />
        </Alert>
      )}
      {downloadError != null && (
        <Alert variant="danger">
          <ErrorMessage error={downloadError} />
        </Alert>
      )}
      {!finished && (
        <p className="field-hint">
          <FormattedMessage id="data.csv.import.closeHint" />
        </p>
      )}
      {finished && (
        <div className="dialog-actions csv-finished-actions">
          {state.rowsFailed > 0 && (
            <Button onClick={download} data-testid="csv-download-failed">
              <FormattedMessage id="data.csv.import.downloadFailed" />
            </Button>
          )}
          <Button onClick={props.onAnother} data-testid="csv-another">
            <FormattedMessage id="data.csv.import.another" />
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The CSV import dialog of spec §5: choose a .csv file, see its first rows with the column
 * mapping (unknown columns may be opted in as new text fields, forbidden ones are shown refused),
 * then upload it with a progress bar and follow the server's import live. Closing the dialog
 * does not stop the import.
 */
export function CsvImportDialog(props: {
  apiId: string;
  model: SchemaModel;
  table: ObjectType;
  progress: { state: ImportState | null; error: unknown };
  onStarted(state: ImportState | null): void;
  onClose(): void;
}) {
  const titleId = useId();
  const fileId = useId();
  const intl = useIntl();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [optIn, setOptIn] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const plan = useMemo(() => (preview ? planColumns(preview.header, props.model, props.table, optIn) : null), [preview, props.model, props.table, optIn]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setOptIn([]);
    setError(null);
    if (!file) return;
    if (!isCsvFileName(file.name)) return setError(invalidFormat());
    if (file.size > CSV_MAX_BYTES) return setError(new ApiError("The file is too large.", "error_csv_too_large", "BAD_USER_INPUT", { maxMb: String(CSV_MAX_BYTES / 1024 / 1024) }));
    try {
      setPreview(await readPreview(file));
    } catch (caught) {
      setError(caught);
    }
  };

  const start = async () => {
    if (!preview || plan?.problem) return;
    setError(null);
    setUploaded(0);
    try {
      const state = await uploadCsv({
        apiId: props.apiId,
        table: props.table.name,
        file: preview.file,
        optIn,
        uploadKey: crypto.randomUUID(),
        onProgress: setUploaded,
      });
      props.onStarted(state);
    } catch (caught) {
      setError(caught);
    } finally {
      setUploaded(null);
    }
  };

  const another = () => {
    setPreview(null);
    setOptIn([]);
    props.onStarted(null);
  };

  const running = props.progress.state;
  const problem = plan?.problem;
  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="csv-import-dialog" className="dialog-wide">
      <h2 id={titleId}>
        <FormattedMessage id="data.csv.import.title" values={{ table: props.table.name }} />
      </h2>
      {running ? (
        <Progress apiId={props.apiId} state={running} error={props.progress.error} onAnother={another} />
      ) : (
        <>
          <p className="field-hint">
            <FormattedMessage id="data.csv.import.hint" />
          </p>
          <p className="field-hint" data-testid="csv-import-no-triggers">
            <FormattedMessage id="data.csv.import.noTriggers" />
          </p>
          <div className="field">
            <label htmlFor={fileId}>
              <FormattedMessage id="data.csv.import.file" />
            </label>
            <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} disabled={uploaded !== null} data-testid="csv-file" />
          </div>
          {error != null && (
            <Alert variant="danger" testId="csv-error">
              <ErrorMessage error={error} />
            </Alert>
          )}
          {problem && (
            <Alert variant="danger" testId="csv-column-problem">
              <FormattedMessage id={problem.messageId} values={{ column: problem.column, ...problem.values }} />
            </Alert>
          )}
          {preview && plan && (
            <div className="csv-preview-scroll">
              <table className="table-grid csv-preview" data-testid="csv-preview">
                <caption>
                  <FormattedMessage id="data.csv.import.preview" />
                </caption>
                <thead>
                  <tr>
                    {plan.columns.map((column, index) => (
                      <th key={index} scope="col">
                        <div className="column-name">{column.column}</div>
                        <div className="column-type" data-testid={`csv-mapping-${column.column}`}>
                          <ColumnMapping
                            plan={column}
                            optedIn={optIn.includes(column.column)}
                            onToggle={(on) => setOptIn((current) => (on ? [...current, column.column] : current.filter((name) => name !== column.column)))}
                          />
                        </div>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {plan.columns.map((_, index) => (
                        <td key={index}>{row[index] ?? ""}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {uploaded !== null && (
            <div className="csv-upload">
              <progress className="csv-progress-bar" max={1} value={uploaded} aria-label={intl.formatMessage({ id: "data.csv.import.uploading" }, { percent: Math.round(uploaded * 100) })} data-testid="csv-upload-progress" />
              <FormattedMessage id="data.csv.import.uploading" values={{ percent: Math.round(uploaded * 100) }} />
            </div>
          )}
        </>
      )}
      <div className="dialog-actions">
        <Button onClick={props.onClose} data-testid="csv-close">
          <FormattedMessage id="data.csv.import.close" />
        </Button>
        {!running && (
          <Button variant="primary" onClick={() => void start()} disabled={!preview || Boolean(problem)} busy={uploaded !== null} data-testid="csv-submit">
            <FormattedMessage id="data.csv.import.submit" />
          </Button>
        )}
      </div>
    </Dialog>
  );
}
