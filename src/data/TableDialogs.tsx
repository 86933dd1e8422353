import type { ObjectType, SchemaModel } from "../domain/model";
import { FieldDialog } from "../model/dialogs/FieldDialog";
import { FieldSettingsDialog } from "../model/dialogs/FieldSettingsDialog";
import { TableNameDialog } from "../model/dialogs/TableNameDialog";
import { TablePermissionsDialog } from "../model/dialogs/TablePermissionsDialog";
import { TablePublishingDialog } from "../model/dialogs/TablePublishingDialog";
import { DeleteTableDialog } from "../model/dialogs/DeleteTableDialog";

/** The table dialog that is open, if any. */
export type TableDialog =
  | { kind: "name" }
  | { kind: "field"; fieldId?: string }
  | { kind: "fieldSettings" }
  | { kind: "permissions" }
  | { kind: "publishing" }
  | { kind: "delete" };

/** Opens the chosen dialog for the selected table; each saves the whole declaration. */
export function TableDialogs(props: {
  dialog: TableDialog;
  model: SchemaModel;
  table: ObjectType;
  defaultAuthMode: string;
  save(model: SchemaModel): Promise<void>;
  onOpen(dialog: TableDialog | null): void;
  onSelectTable(name: string | null): void;
}) {
  const common = { model: props.model, table: props.table, save: props.save, onClose: () => props.onOpen(null) };
  switch (props.dialog.kind) {
    case "name":
      return <TableNameDialog {...common} onRenamed={(name) => props.onSelectTable(name)} />;
    case "field": {
      const fieldId = props.dialog.fieldId;
      const field = fieldId ? props.table.fields.find((candidate) => candidate.id === fieldId) : undefined;
      return <FieldDialog {...common} field={field} key={fieldId ?? "new"} />;
    }
    case "fieldSettings":
      return <FieldSettingsDialog {...common} onEditField={(field) => props.onOpen({ kind: "field", fieldId: field.id })} />;
    case "permissions":
      return <TablePermissionsDialog {...common} defaultAuthMode={props.defaultAuthMode} />;
    case "publishing":
      return <TablePublishingDialog {...common} />;
    case "delete":
      return <DeleteTableDialog {...common} onDeleted={() => props.onSelectTable(null)} />;
  }
}
