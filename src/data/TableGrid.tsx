import { FormattedMessage, useIntl } from "react-intl";
import type { Field, ObjectType } from "../domain/model";
import { fieldTypeLabel } from "./fieldTypeLabel";
import { Menu, MenuItem } from "../ui/Menu";
import { tabId } from "../ui/Tabs";
import { TABLE_TABS_ID } from "./TableTabs";

/**
 * The table area of an unpublished table: the columns (field name and type) as a header-only
 * grid, since no entries exist before publishing, and the add-field column when editable.
 */
export function TableGrid(props: {
  table: ObjectType;
  enumName(enumId: string | null | undefined): string | undefined;
  panelId: string;
  editable: boolean;
  onAddField(): void;
  onEditField(field: Field): void;
  onRemoveField(field: Field): void;
}) {
  const intl = useIntl();
  const typeLabel = (field: Field) => fieldTypeLabel(intl, field, props.enumName);
  const columns = props.table.fields.filter((field) => field.type != null);
  return (
    <div
      className="table-grid-scroll"
      id={props.panelId}
      role="tabpanel"
      aria-labelledby={tabId(TABLE_TABS_ID, props.table.id)}
      data-testid="table-grid"
    >
      <table className="table-grid" aria-label={props.table.name}>
        <thead>
          <tr>
            {columns.map((field) => (
              <th key={field.id} scope="col" data-testid="column-header">
                <div className="column-header">
                  <span className="column-name">{field.label || field.name}</span>
                  <span className="column-type">{typeLabel(field)}</span>
                  {props.editable && !field.readonly && (
                    <Menu
                      buttonClassName="btn column-menu-button"
                      ariaLabel={intl.formatMessage({ id: "data.grid.columnMenu" }, { name: field.name })}
                      label="⋯"
                      floating
                    >
                      <MenuItem onSelect={() => props.onEditField(field)}>
                        <FormattedMessage id="data.grid.editField" />
                      </MenuItem>
                      <MenuItem onSelect={() => props.onRemoveField(field)}>
                        <FormattedMessage id="data.grid.removeField" />
                      </MenuItem>
                    </Menu>
                  )}
                </div>
              </th>
            ))}
            {props.editable && (
              <th scope="col" className="add-field-column">
                <button
                  type="button"
                  className="btn"
                  onClick={props.onAddField}
                  aria-label={intl.formatMessage({ id: "data.grid.addField" })}
                  data-testid="add-field-column"
                >
                  +
                </button>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={columns.length + (props.editable ? 1 : 0)} className="table-grid-empty">
              <FormattedMessage id="data.grid.empty" />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
