import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  MAX_ACCESS_GROUPS,
  MAX_GROUP_NAME_LENGTH,
  TABLE_OPERATIONS,
  accessGrid,
  canEditPermissions,
  parseGroupNames,
  setAccessGroups,
  tableAccess,
  toggleTableAccess,
  type ObjectType,
} from "../../domain/model";
import { Alert } from "../../ui/Alert";
import { TextField } from "../../ui/TextField";
import "./access.css";

const COLUMNS = ["owner", "group", "public"] as const;

/**
 * Who may do what with a table's entries through the project's API (spec §6 "Table access"): per
 * operation (query, create, update, delete) the owner (always, disabled), the named groups and
 * every signed-in user. Public read implies group read (spec §4). Editable only when the project
 * signs its users in with OIDC or a user pool (spec §5); otherwise it says why.
 */
export function TableAccessEditor(props: { objectType: ObjectType; authMode: string | null; editable: boolean; onChange(objectType: ObjectType): void }) {
  const intl = useIntl();
  const offered = canEditPermissions(props.authMode);
  const editable = props.editable && offered;
  const grid = accessGrid(props.objectType);
  const groups = tableAccess(props.objectType).groups;
  // The typed text is kept as typed; the stored names are parsed from it (a trailing comma stays).
  const [groupText, setGroupText] = useState(groups.join(", "));
  const groupsInvalid = groups.length > MAX_ACCESS_GROUPS || groups.some((group) => group.length > MAX_GROUP_NAME_LENGTH);

  return (
    <div className="table-access" data-testid="table-access">
      <Alert variant="info" testId="permissions-disclaimer">
        <FormattedMessage id="data.permissions.disclaimer" />
      </Alert>
      {!offered && (
        <p className="field-hint" data-testid="permissions-auth-hint">
          <FormattedMessage id="data.permissions.authHint" />
        </p>
      )}
      <table className="table-access-grid">
        <caption className="visually-hidden">
          <FormattedMessage id="data.permissions.title" values={{ table: props.objectType.name }} />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="model.access.operation" />
            </th>
            {COLUMNS.map((column) => (
              <th scope="col" key={column}>
                <FormattedMessage id={`model.access.${column}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TABLE_OPERATIONS.map((operation) => {
            const operationLabel = intl.formatMessage({ id: `model.access.op.${operation}` });
            return (
              <tr key={operation}>
                <th scope="row">{operationLabel}</th>
                {COLUMNS.map((column) => {
                  const cell = grid[operation][column];
                  const columnLabel = intl.formatMessage({ id: `model.access.${column}` });
                  return (
                    <td key={column}>
                      <input
                        type="checkbox"
                        checked={cell.checked}
                        disabled={!editable || cell.disabled}
                        aria-label={intl.formatMessage({ id: "model.access.cell" }, { who: columnLabel, operation: operationLabel })}
                        onChange={() => column !== "owner" && props.onChange(toggleTableAccess(props.objectType, operation, column))}
                        data-testid={`access-${operation}-${column}`}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <TextField
        label={<FormattedMessage id="model.access.groups" />}
        hint={<FormattedMessage id="model.access.groupsHint" />}
        value={groupText}
        onChange={(text) => {
          setGroupText(text);
          props.onChange(setAccessGroups(props.objectType, parseGroupNames(text)));
        }}
        error={groupsInvalid && <FormattedMessage id="form_feedback_access_groups" values={{ max: MAX_ACCESS_GROUPS, length: MAX_GROUP_NAME_LENGTH }} />}
        disabled={!editable}
        autoComplete="off"
        data-testid="access-groups"
      />
    </div>
  );
}
