import { useState } from "react";
import type { ObjectType, SchemaModel } from "../../domain/model";
import { canEditPermissions } from "../../domain/model";
import { TableAccessEditor } from "../access/TableAccessEditor";
import { replaceObjectType } from "../modelEdits";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

/** The table permissions dialog of the data explorer (spec §2): the model editor's table access, saved with the declaration. */
export function TablePermissionsDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  defaultAuthMode: string;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
}) {
  const [table, setTable] = useState(props.table);
  const { run, busy, error } = useModelSave(props.save, props.onClose);
  return (
    <ModelDialog
      titleId="data.permissions.title"
      titleValues={{ table: props.table.name }}
      testId="table-permissions-dialog"
      onClose={props.onClose}
      onSubmit={() => void run(replaceObjectType(props.model, table))}
      submitDisabled={!canEditPermissions(props.defaultAuthMode) || table === props.table}
      busy={busy}
      error={error}
    >
      <TableAccessEditor objectType={table} authMode={props.defaultAuthMode} editable onChange={setTable} />
    </ModelDialog>
  );
}
