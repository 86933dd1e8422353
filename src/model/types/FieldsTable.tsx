import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { addField, type ObjectType } from "../../domain/model";
import { Button } from "../../ui/Button";
import { useModelEditing } from "../ModelEditingContext";
import { FieldRow } from "./FieldRow";

/** A table's fields: name, type, required flags, unique, sort-by and label, one row each. */
export function FieldsTable(props: { objectType: ObjectType; typeIndex: number; editable: boolean }) {
  const { model, change } = useModelEditing();
  const [added, setAdded] = useState<string>();

  const add = () => {
    const result = addField(model, props.objectType.id);
    change(() => result.model);
    setAdded(result.id);
  };

  return (
    <div className="model-fields">
      <h2>
        <FormattedMessage id="model.fields.title" />
      </h2>
      <div className="model-table-scroll">
        <table className="model-table" data-testid="fields-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="model.fields.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="model.fields.typeColumn" />
              </th>
              <th scope="col">
                <FormattedMessage id="model.fields.required" />
              </th>
              <th scope="col">
                <FormattedMessage id="model.fields.unique" />
              </th>
              <th scope="col">
                <FormattedMessage id="model.fields.sortBy" />
              </th>
              <th scope="col">
                <FormattedMessage id="model.fields.label" />
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="model.fields.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.objectType.fields.map((field, index) => (
              <FieldRow
                key={field.id}
                typeId={props.objectType.id}
                field={field}
                path={["objectTypes", props.typeIndex, "fields", index]}
                editable={props.editable}
                autoFocus={field.id === added}
              />
            ))}
          </tbody>
        </table>
      </div>
      {props.editable && (
        <Button onClick={add} data-testid="add-field">
          <FormattedMessage id="model.fields.add" />
        </Button>
      )}
    </div>
  );
}
