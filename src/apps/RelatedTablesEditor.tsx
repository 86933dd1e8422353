import { FormattedMessage } from "react-intl";
import { connectionsOf, type ObjectType } from "../domain/model";

/** A detail view's related records: which connected tables (parents and children in the model) it lists under the entry. */
export function RelatedTablesEditor(props: { table: ObjectType; tables: ObjectType[]; chosen: string[]; disabled: boolean; onChange(tableIds: string[]): void }) {
  const connected = connectionsOf(props.table).flatMap((connection) => props.tables.filter((table) => table.id === connection.typeId));
  return (
    <fieldset disabled={props.disabled} className="view-editor-related" data-testid="view-related">
      <legend>
        <FormattedMessage id="apps.view.related" />
      </legend>
      {connected.length === 0 ? (
        <p className="field-hint">
          <FormattedMessage id="apps.view.relatedNone" />
        </p>
      ) : (
        connected.map((table) => (
          <label key={table.id} className="checkbox">
            <input
              type="checkbox"
              checked={props.chosen.includes(table.id)}
              onChange={(event) => props.onChange(event.target.checked ? [...props.chosen, table.id] : props.chosen.filter((id) => id !== table.id))}
              data-testid={`view-related-${table.name}`}
            />{" "}
            {table.name}
          </label>
        ))
      )}
    </fieldset>
  );
}
