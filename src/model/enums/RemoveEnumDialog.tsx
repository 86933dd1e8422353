import { useId } from "react";
import { FormattedList, FormattedMessage } from "react-intl";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";

/**
 * Removing an enum drops the fields typed with it on save, so the user sees which ones
 * ("Table.field") and can keep the enum instead.
 */
export function RemoveEnumDialog(props: {
  enumName: string;
  fields: readonly { table: string; field: string }[];
  onConfirm(): void;
  onCancel(): void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onCancel} labelledBy={titleId} testId="remove-enum-dialog">
      <h2 id={titleId}>
        <FormattedMessage id="model.enums.removeConfirm.title" values={{ name: props.enumName }} />
      </h2>
      <p data-testid="remove-enum-fields">
        <FormattedMessage
          id="model.enums.removeConfirm.text"
          values={{ fields: <FormattedList type="conjunction" value={props.fields.map(({ table, field }) => `${table}.${field}`)} /> }}
        />
      </p>
      <div className="dialog-actions">
        <Button onClick={props.onCancel} autoFocus data-testid="remove-enum-cancel">
          <FormattedMessage id="model.enums.removeConfirm.cancel" />
        </Button>
        <Button variant="danger" onClick={props.onConfirm} data-testid="remove-enum-confirm">
          <FormattedMessage id="model.enums.removeConfirm.submit" />
        </Button>
      </div>
    </Dialog>
  );
}
