import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { Menu, MenuHeading, MenuItem, MenuSeparator } from "../ui/Menu";

/** The add-table dropdown: a new table (NewTableN), or a copy of an existing one. */
export function AddTableMenu(props: { tables: readonly ObjectType[]; canDuplicate(table: ObjectType): boolean; onAdd(): void; onDuplicate(table: ObjectType): void }) {
  const intl = useIntl();
  const duplicable = props.tables.filter(props.canDuplicate);
  return (
    <Menu label="+" ariaLabel={intl.formatMessage({ id: "data.addTable.menu" })} testId="add-table-menu" buttonClassName="btn add-table-button">
      <MenuItem onSelect={props.onAdd} testId="add-table-new">
        <FormattedMessage id="data.addTable.new" />
      </MenuItem>
      {duplicable.length > 0 && (
        <>
          <MenuSeparator />
          <MenuHeading>
            <FormattedMessage id="data.addTable.duplicate" />
          </MenuHeading>
          {duplicable.map((table) => (
            <MenuItem key={table.id} onSelect={() => props.onDuplicate(table)} testId="add-table-duplicate">
              {table.name}
            </MenuItem>
          ))}
        </>
      )}
    </Menu>
  );
}
