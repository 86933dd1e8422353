import { useState } from "react";
import { useIntl } from "react-intl";
import { renameObjectType, sanitizeName, type ObjectType, type SchemaModel } from "../../domain/model";
import { TextField } from "../../ui/TextField";
import { ErrorMessage } from "../../common/ErrorMessage";
import { problemError, problemsAt } from "../../data/useProjectModel";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

/** Renames a table; the name rules of spec §5 are checked while typing. */
export function TableNameDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
  onRenamed(name: string): void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(props.table.name);
  const next = renameObjectType(props.model, props.table.id, name);
  const index = props.model.objectTypes.findIndex((type) => type.id === props.table.id);
  const [problem] = problemsAt(next, ["objectTypes", index, "name"]);
  const { run, busy, error } = useModelSave(props.save, () => {
    props.onRenamed(name);
    props.onClose();
  });
  return (
    <ModelDialog
      titleId="data.tableName.title"
      testId="table-name-dialog"
      onClose={props.onClose}
      onSubmit={() => void run(next)}
      submitDisabled={Boolean(problem) || name === props.table.name}
      busy={busy}
      error={error}
    >
      <TextField
        label={intl.formatMessage({ id: "data.tableName.name" })}
        value={name}
        onChange={(value) => setName(sanitizeName(value))}
        autoFocus
        error={problem ? <ErrorMessage error={problemError(problem)} /> : undefined}
        data-testid="table-name-input"
      />
    </ModelDialog>
  );
}
