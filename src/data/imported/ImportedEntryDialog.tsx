import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { Alert } from "../../ui/Alert";
import { errorText } from "../../common/ErrorMessage";
import { formText, inputValue } from "./importedValues";

/**
 * Adds or edits one row of an imported table: a text input per field, typed by the field's model
 * type when sent. An edit sends the row's id with every field, so a cleared field becomes null.
 */
export function ImportedEntryDialog(props: {
  table: string;
  fields: readonly string[];
  fieldTypes: Readonly<Record<string, string>>;
  row: Record<string, unknown> | null;
  busy: boolean;
  onSave(values: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(props.fields.map((field) => [field, formText(props.row?.[field])])));
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    const values: Record<string, unknown> = props.row ? { id: props.row.id } : {};
    for (const field of props.fields) {
      const value = inputValue(props.fieldTypes[field], texts[field] ?? "");
      // A new row leaves empty fields out, so the live API applies its own defaults.
      if (props.row || value !== null) values[field] = value;
    }
    try {
      await props.onSave(values);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="imported-entry-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id={titleId}>
          <FormattedMessage id={props.row ? "data.imported.editTitle" : "data.imported.addTitle"} values={{ table: props.table }} />
        </h2>
        {error ? <Alert variant="danger" testId="imported-entry-error">{errorText(intl, error)}</Alert> : null}
        {props.fields.map((field) => (
          <TextField key={field} label={field} name={field} value={texts[field] ?? ""} onChange={(text) => setTexts((before) => ({ ...before, [field]: text }))} />
        ))}
        <div className="dialog-actions">
          <Button type="button" onClick={props.onClose}>
            <FormattedMessage id="data.imported.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={props.busy} data-testid="imported-entry-save">
            <FormattedMessage id="data.imported.save" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
