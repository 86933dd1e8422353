import { FormattedMessage } from "react-intl";
import type { SchemaModel } from "../../domain/model";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

/** Shows the tables that would replace the user's model and asks before anything is saved. */
export function ReplaceModelDialog(props: { current: SchemaModel; proposed: SchemaModel; onConfirm(): void; onCancel(): void }) {
  return (
    <ConfirmDialog
      title={<FormattedMessage id="data.templates.replace.title" />}
      confirmLabel={<FormattedMessage id="data.templates.replace.submit" />}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="replace-model-dialog"
    >
      <p>
        <FormattedMessage id="data.templates.replace.text" values={{ count: props.current.objectTypes.length }} />
      </p>
      <ul data-testid="replace-model-tables">
        {props.proposed.objectTypes.map((table) => (
          <li key={table.id}>{table.name}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
