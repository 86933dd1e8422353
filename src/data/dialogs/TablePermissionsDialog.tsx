import { useState } from "react";
import { FormattedMessage } from "react-intl";
import {
  TABLE_PERMISSIONS,
  canEditPermissions,
  tablePermissions,
  toggleTablePermission,
  type ObjectType,
  type SchemaModel,
} from "../../domain/model";
import { Alert } from "../../ui/Alert";
import { replaceObjectType } from "../modelEdits";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

const PERMISSIONS = ["owner", ...TABLE_PERMISSIONS] as const;

/**
 * Who may use the table through the project's API. Owner is always on; public read implies
 * group (spec §4). Editable only with OIDC or user-pool auth (spec §5); otherwise read-only.
 */
export function TablePermissionsDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  defaultAuthMode: string;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
}) {
  const [table, setTable] = useState(props.table);
  const editable = canEditPermissions(props.defaultAuthMode);
  const states = tablePermissions(table);
  const { run, busy, error } = useModelSave(props.save, props.onClose);
  return (
    <ModelDialog
      titleId="data.permissions.title"
      titleValues={{ table: props.table.name }}
      testId="table-permissions-dialog"
      onClose={props.onClose}
      onSubmit={() => void run(replaceObjectType(props.model, table))}
      submitDisabled={!editable || table === props.table}
      busy={busy}
      error={error}
    >
      <Alert variant="info" testId="permissions-disclaimer">
        <FormattedMessage id="data.permissions.disclaimer" />
      </Alert>
      {!editable && (
        <p className="field-hint" data-testid="permissions-auth-hint">
          <FormattedMessage id="data.permissions.authHint" />
        </p>
      )}
      <fieldset className="field-flags" disabled={!editable}>
        <legend className="visually-hidden">
          <FormattedMessage id="data.permissions.title" values={{ table: props.table.name }} />
        </legend>
        {PERMISSIONS.map((permission) => (
          <label key={permission} className="checkbox">
            <input
              type="checkbox"
              checked={states[permission].checked}
              disabled={states[permission].disabled}
              onChange={() => permission !== "owner" && setTable((current) => toggleTablePermission(current, permission))}
              data-testid={`permission-${permission}`}
            />
            <span>
              <FormattedMessage id={`data.permissions.${permission}`} />
            </span>
          </label>
        ))}
      </fieldset>
    </ModelDialog>
  );
}
