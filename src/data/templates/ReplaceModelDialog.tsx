import { FormattedMessage } from "react-intl";
import type { SchemaModel } from "../../domain/model";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ModelPreview } from "./ModelPreview";

/**
 * Shows the tables, fields and connections that would replace the user's model and asks before
 * anything is saved. `replaces` is false for a new project's empty model: then it only asks
 * whether to use them (the AI start always asks, its guess may be off).
 */
export function ReplaceModelDialog(props: {
  current: SchemaModel;
  proposed: SchemaModel;
  replaces: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      title={<FormattedMessage id={props.replaces ? "data.templates.replace.title" : "data.templates.preview.title"} />}
      confirmLabel={<FormattedMessage id={props.replaces ? "data.templates.replace.submit" : "data.templates.preview.submit"} />}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="replace-model-dialog"
    >
      <p>
        {props.replaces ? (
          <FormattedMessage id="data.templates.replace.text" values={{ count: props.current.objectTypes.length }} />
        ) : (
          <FormattedMessage id="data.templates.preview.text" />
        )}
      </p>
      <ModelPreview model={props.proposed} />
    </ConfirmDialog>
  );
}
