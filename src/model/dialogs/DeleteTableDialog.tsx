import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { removeObjectType, type ObjectType, type SchemaModel } from "../../domain/model";
import { TextField } from "../../ui/TextField";
import { problemError, problemsAt } from "../../data/useProjectModel";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

/** Deleting a table needs its name typed; the typed text, trimmed, must equal the name (spec §5). */
export function DeleteTableDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
  onDeleted(): void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const matches = typed.trim() === props.table.name.trim();
  const next = removeObjectType(props.model, props.table.id);
  // Only what deleting breaks: the last table ('Please define at least one model type.').
  const [problem] = problemsAt(next, ["objectTypes"]).filter((candidate) => candidate.path.length === 1);
  const { run, busy, error } = useModelSave(props.save, () => {
    props.onDeleted();
    props.onClose();
  });
  return (
    <ModelDialog
      titleId="data.deleteTable.title"
      titleValues={{ table: props.table.name }}
      testId="delete-table-dialog"
      submitId="data.deleteTable.submit"
      submitVariant="danger"
      onClose={props.onClose}
      onSubmit={() => {
        setSubmitted(true);
        if (matches) void run(next);
      }}
      submitDisabled={Boolean(problem)}
      busy={busy}
      error={error ?? (problem ? problemError(problem) : null)}
    >
      <p>
        <FormattedMessage id="data.deleteTable.text" values={{ table: props.table.name, strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      <TextField
        label={intl.formatMessage({ id: "data.deleteTable.confirm" })}
        value={typed}
        onChange={setTyped}
        autoFocus
        autoComplete="off"
        error={submitted && !matches ? intl.formatMessage({ id: "data.deleteTable.mismatch" }) : undefined}
        data-testid="delete-table-input"
      />
    </ModelDialog>
  );
}
