import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  REQUIRED_CHOICES,
  canSortBy,
  isDefaultSortField,
  isSystemField,
  removeField,
  requiredChoice,
  sanitizeName,
  toggleSortBy,
  updateField,
  withRequiredChoice,
  type Field,
  type FieldPatch,
  type RequiredChoice,
} from "../../domain/model";
import { useModelEditing } from "../ModelEditingContext";
import { ProblemText } from "../ProblemText";
import { problemAt } from "../problems";
import { FieldTypeSelect } from "../FieldTypeSelect";

const has = (field: Field, name: string) => field.directives.some((directive) => directive.name === name);

/**
 * One field. Read-only fields keep their name, type and required setting; id and createdAt are
 * not configurable at all, updatedAt only by its label (spec §3, §5).
 */
export function FieldRow(props: { typeId: string; field: Field; path: (string | number)[]; editable: boolean; autoFocus: boolean }) {
  const intl = useIntl();
  const errorId = useId();
  const { model, change, problems } = useModelEditing();
  const { field } = props;
  const locked = !props.editable || Boolean(field.readonly);
  const labelLocked = !props.editable || (isSystemField(field) && field.name !== "updatedAt");
  const nameProblem = problemAt(problems, [...props.path, "name"]);
  const otherProblem = problems.find(
    (problem) => props.path.every((key, index) => problem.path[index] === key) && problem.path[props.path.length] !== "name",
  );
  const sortedBy = has(field, "sortBy") || isDefaultSortField(field);
  const update = (patch: FieldPatch) => change((model) => updateField(model, props.typeId, field.id, patch));
  const setDirectives = (next: Field) => update({ directives: next.directives });
  const named = { name: field.name };

  return (
    <tr data-testid="field-row" data-field-name={field.name}>
      <td>
        <input
          value={field.name}
          disabled={locked}
          autoFocus={props.autoFocus}
          autoComplete="off"
          aria-label={intl.formatMessage({ id: "model.fields.nameOf" })}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? errorId : undefined}
          onChange={(event) => update({ name: sanitizeName(event.target.value) })}
          data-testid="field-name"
        />
        {nameProblem && (
          <div id={errorId} className="field-error" data-testid="field-name-error">
            <ProblemText problem={nameProblem} />
          </div>
        )}
      </td>
      <td>
        <FieldTypeSelect
          field={field}
          enums={model.enumTypes}
          disabled={locked}
          onChange={update}
          ariaLabel={intl.formatMessage({ id: "model.fields.type" }, { name: field.name })}
          describedBy={otherProblem ? `${errorId}-other` : undefined}
          testId="field-type"
        />
        {otherProblem && (
          <div id={`${errorId}-other`} className="field-error">
            <ProblemText problem={otherProblem} />
          </div>
        )}
      </td>
      <td>
        {/* One control, one line: when a field is required (spec §4 flags; all three collapse to always). */}
        <select
          className="model-required"
          value={requiredChoice(field)}
          disabled={locked}
          aria-label={intl.formatMessage({ id: "model.fields.requiredOf" }, named)}
          onChange={(event) => setDirectives(withRequiredChoice(field, event.target.value as RequiredChoice))}
          data-testid="field-required"
        >
          {REQUIRED_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {intl.formatMessage({ id: `model.fields.requiredChoice.${choice}` })}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          type="checkbox"
          checked={has(field, "unique")}
          disabled={locked}
          aria-label={intl.formatMessage({ id: "model.fields.uniqueOf" }, named)}
          onChange={() =>
            update({
              directives: has(field, "unique")
                ? field.directives.filter((directive) => directive.name !== "unique")
                : [...field.directives, { name: "unique" }],
            })
          }
          data-testid="field-unique"
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={sortedBy}
          // Sort fields (spec §5): updatedAt stays the default sort; other read-only fields and some types cannot sort.
          disabled={!props.editable || !canSortBy(field) || isDefaultSortField(field)}
          aria-label={intl.formatMessage({ id: "model.fields.sortByOf" }, named)}
          onChange={() => setDirectives(toggleSortBy(field))}
          data-testid="field-sort-by"
        />
      </td>
      <td>
        <input
          value={field.label ?? ""}
          disabled={labelLocked}
          autoComplete="off"
          aria-label={intl.formatMessage({ id: "model.fields.labelOf" }, named)}
          onChange={(event) => update({ label: event.target.value || null })}
          data-testid="field-label"
        />
      </td>
      <td>
        {!locked && (
          <button
            type="button"
            className="btn btn-link"
            aria-label={intl.formatMessage({ id: "model.fields.removeOf" }, named)}
            onClick={() => change((model) => removeField(model, props.typeId, field.id))}
            data-testid="remove-field"
          >
            <FormattedMessage id="model.fields.remove" />
          </button>
        )}
      </td>
    </tr>
  );
}
