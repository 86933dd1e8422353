import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { ObjectType, SchemaModel } from "../../domain/model";
import { Button } from "../../ui/Button";
import { isFinished, readActiveImport, type ImportState } from "./csvApi";
import { useImportProgress } from "./useImportProgress";
import "./csv.css";

/** The dialog brings the CSV parser (papaparse): loaded when the button is pointed at or focused, not with the data page. */
const loadDialog = () => import("./CsvImportDialog");
const CsvImportDialog = lazy(() => loadDialog().then((module) => ({ default: module.CsvImportDialog })));

/**
 * The toolbar's Import button with its dialog. The import it started is followed here, so the
 * toolbar shows its progress while the dialog is closed; after a reload it finds the table's
 * running import again. `onImported` runs once when an import finishes (to reload the rows).
 */
export function CsvImportButton(props: { apiId: string; model: SchemaModel; table: ObjectType; disabled?: boolean; onImported?(): void }) {
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<ImportState | null>(null);
  const progress = useImportProgress(props.apiId, started);
  const { apiId } = props;
  const tableName = props.table.name;

  useEffect(() => {
    let current = true;
    setStarted(null);
    readActiveImport(apiId, tableName)
      .then((active) => current && active && setStarted(active))
      // Only a convenience after a reload: the Import button works without it.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [apiId, tableName]);

  const onImported = useRef(props.onImported);
  onImported.current = props.onImported;
  const state = progress.state;
  const finishedId = state && isFinished(state) ? state.id : null;
  useEffect(() => {
    if (finishedId) onImported.current?.();
  }, [finishedId]);

  return (
    <>
      <Button onClick={() => setOpen(true)} onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()} disabled={props.disabled} data-testid="toolbar-import">
        <FormattedMessage id="data.toolbar.import" />
      </Button>
      {state && !open && (
        <span className="csv-toolbar-status" data-testid="csv-toolbar-status">
          <FormattedMessage
            id={isFinished(state) ? "data.csv.toolbar.finished" : "data.csv.toolbar.running"}
            values={{ done: state.rowsDone, failed: state.rowsFailed }}
          />
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <CsvImportDialog
            apiId={props.apiId}
            model={props.model}
            table={props.table}
            progress={progress}
            onStarted={setStarted}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
