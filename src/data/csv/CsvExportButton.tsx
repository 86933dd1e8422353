import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";
import { downloadCsv, exportUrl } from "./csvApi";

/**
 * The toolbar's Export button: downloads every row of the table that the current filter and
 * sort select (not only the page shown), streamed by the server as CSV. Its hint says that
 * cells a spreadsheet would run as formulas are written with a leading '.
 */
export function CsvExportButton(props: { apiId: string; table: string; filter?: unknown; sort?: string | null; disabled?: boolean }) {
  const intl = useIntl();
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
      <Button onClick={() => void download()} busy={busy} disabled={props.disabled} title={intl.formatMessage({ id: "data.csv.export.formulaHint" })} data-testid="toolbar-export">
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
