import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  canSortBy,
  isDefaultSortField,
  removeField,
  toggleSortBy,
  updateField,
  type Field,
  type ObjectType,
  type SchemaModel,
} from "../../domain/model";
import { isRequiredAnywhere } from "../../domain/model/required";
import { FieldTypeSummary } from "../../fields/FieldTypeSummary";
import { Button } from "../../ui/Button";
import { problemError, problemsAt } from "../../data/useProjectModel";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

const isSortField = (field: Field) => field.directives.some((directive) => directive.name === "sortBy");

/**
 * The table's fields at a glance: type (as its field kind shows it, src/fields/), required, the
 * sort fields (spec §5 sort-field rules) and removal. Changes collect in a working copy and are saved together.
 */
export function FieldSettingsDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
  onEditField(field: Field): void;
}) {
  const intl = useIntl();
  const [working, setWorking] = useState(props.model);
  const table = working.objectTypes.find((type) => type.id === props.table.id) ?? props.table;
  const typeIndex = working.objectTypes.findIndex((type) => type.id === props.table.id);
  const problems = problemsAt(working, ["objectTypes", typeIndex]);
  const { run, busy, error } = useModelSave(props.save, props.onClose);
  const changed = working !== props.model;
  return (
    <ModelDialog
      titleId="data.fieldSettings.title"
      titleValues={{ table: props.table.name }}
      testId="field-settings-dialog"
      wide
      onClose={props.onClose}
      onSubmit={() => void run(working)}
      submitDisabled={!changed || problems.length > 0}
      busy={busy}
      error={error ?? (problems[0] ? problemError(problems[0]) : null)}
    >
      <table className="field-settings">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="data.field.name" />
            </th>
            <th scope="col">
              <FormattedMessage id="data.field.type" />
            </th>
            <th scope="col">
              <FormattedMessage id="data.field.required" />
            </th>
            <th scope="col">
              <FormattedMessage id="data.fieldSettings.sortBy" />
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="data.fieldSettings.actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.fields
            .filter((field) => field.type != null)
            .map((field) => (
              <tr key={field.id} data-testid="field-settings-row">
                <th scope="row">{field.name}</th>
                <td>
                  <FieldTypeSummary field={field} enums={working.enumTypes} />
                </td>
                <td>{isRequiredAnywhere(field) ? intl.formatMessage({ id: "common.yes" }) : intl.formatMessage({ id: "common.no" })}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={intl.formatMessage({ id: "data.fieldSettings.sortByField" }, { name: field.name })}
                    checked={isSortField(field)}
                    disabled={!canSortBy(field) || isDefaultSortField(field)}
                    onChange={() =>
                      setWorking((current) =>
                        updateField(current, table.id, field.id, { directives: toggleSortBy(field).directives }),
                      )
                    }
                  />
                </td>
                <td>
                  {!field.readonly && (
                    <div className="field-settings-actions">
                      <Button variant="link" onClick={() => props.onEditField(field)} disabled={changed}>
                        <FormattedMessage id="data.grid.editField" />
                      </Button>
                      <Button
                        variant="link"
                        onClick={() => setWorking((current) => removeField(current, table.id, field.id))}
                        aria-label={intl.formatMessage({ id: "data.fieldSettings.removeField" }, { name: field.name })}
                      >
                        <FormattedMessage id="data.grid.removeField" />
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </ModelDialog>
  );
}
