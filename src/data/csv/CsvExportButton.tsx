import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";
import { downloadCsv, exportUrl } from "./csvApi";

/**
 * The toolbar's Export button: downloads every row of the table that the current filter and
 * sort select (not only the page shown), streamed by the server as CSV.
 */
export function CsvExportButton(props: { apiId: string; table: string; filter?: unknown; sort?: string | null; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadCsv(exportUrl(props.apiId, props.table, props.filter, props.sort), `${props.table}.csv`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => void download()} busy={busy} disabled={props.disabled} data-testid="toolbar-export">
        <FormattedMessage id="data.toolbar.export" />
      </Button>
      {error != null && (
        <Alert variant="danger" testId="csv-export-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
    </>
  );
}
