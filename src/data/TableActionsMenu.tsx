import { FormattedMessage, useIntl } from "react-intl";
import { Menu, MenuItem, MenuSeparator } from "../ui/Menu";
import type { TableDialog } from "./TableDialogs";

const ITEMS: { dialog: TableDialog["kind"]; label: string }[] = [
  { dialog: "name", label: "data.actions.tableName" },
  { dialog: "field", label: "data.actions.addField" },
  { dialog: "fieldSettings", label: "data.actions.fieldSettings" },
  { dialog: "permissions", label: "data.actions.permissions" },
  { dialog: "publishing", label: "data.actions.publishing" },
];

/**
 * The table actions menu. It is disabled for the published users table, which cannot be
 * edited, duplicated or deleted (spec §5).
 */
export function TableActionsMenu(props: { tableName: string; editable: boolean; onOpen(dialog: TableDialog): void; onDuplicate(): void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "data.actions.menu" }, { table: props.tableName });
  if (!props.editable) {
    return (
      <button type="button" className="btn table-actions-button" disabled aria-label={label} data-testid="table-actions">
        ⋮
      </button>
    );
  }
  return (
    <Menu label="⋮" ariaLabel={label} testId="table-actions" buttonClassName="btn table-actions-button">
      {ITEMS.map((item) => (
        <MenuItem key={item.dialog} onSelect={() => props.onOpen({ kind: item.dialog } as TableDialog)} testId={`action-${item.dialog}`}>
          <FormattedMessage id={item.label} />
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={props.onDuplicate} testId="action-duplicate">
        <FormattedMessage id="data.actions.duplicate" />
      </MenuItem>
      <MenuItem onSelect={() => props.onOpen({ kind: "delete" })} testId="action-delete">
        <FormattedMessage id="data.actions.delete" />
      </MenuItem>
    </Menu>
  );
}
