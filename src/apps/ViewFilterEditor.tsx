import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { filterOperators, operandOf, type FilterOperator, type FilterValue } from "../domain/filters";
import { MAX_VIEW_FILTER_RULES, userFieldsOf, type ViewFilterRule } from "../domain/apps";

/**
 * A table view's default filter: conditions (field, operator, value) combined with and, the
 * operators each field's type offers (the console's filter operators). The app sends it with
 * every page, so the server filters and pages.
 */
export function ViewFilterEditor(props: { table: ObjectType; rules: ViewFilterRule[]; disabled: boolean; onChange(rules: ViewFilterRule[]): void }) {
  const intl = useIntl();
  const fields = userFieldsOf(props.table).filter((field) => field.type && filterOperators(field.type).length > 0);
  const set = (index: number, rule: ViewFilterRule) => props.onChange(props.rules.map((old, at) => (at === index ? rule : old)));
  const add = () => {
    const field = fields[0];
    if (!field?.type) return;
    const operator = filterOperators(field.type)[0];
    props.onChange([...props.rules, { fieldId: field.id, operator, value: blankValue(field.type, operator) }]);
  };
  return (
    <fieldset disabled={props.disabled} className="view-editor-filter" data-testid="view-filter">
      <legend>
        <FormattedMessage id="apps.view.filter" />
      </legend>
      {props.rules.length === 0 && (
        <p className="field-hint">
          <FormattedMessage id="apps.view.filterNone" />
        </p>
      )}
      {props.rules.map((rule, index) => (
        <RuleRow key={index} index={index} rule={rule} fields={fields} onChange={(next) => set(index, next)} onRemove={() => props.onChange(props.rules.filter((_, at) => at !== index))} />
      ))}
      {fields.length > 0 && props.rules.length < MAX_VIEW_FILTER_RULES && (
        <button type="button" className="button" onClick={add} data-testid="view-filter-add">
          {intl.formatMessage({ id: "apps.view.filterAdd" })}
        </button>
      )}
    </fieldset>
  );
}

function RuleRow(props: { index: number; rule: ViewFilterRule; fields: ObjectType["fields"]; onChange(rule: ViewFilterRule): void; onRemove(): void }) {
  const intl = useIntl();
  const id = useId();
  const { rule } = props;
  const field = props.fields.find((candidate) => candidate.id === rule.fieldId);
  const fieldType = field?.type;
  const operators = fieldType ? filterOperators(fieldType) : [];
  const operand = fieldType && operators.includes(rule.operator as FilterOperator) ? operandOf(fieldType, rule.operator as FilterOperator) : "String";
  const label = (part: string) => intl.formatMessage({ id: `apps.view.filter${part}` }, { n: props.index + 1 });
  return (
    <div className="view-filter-rule" data-testid={`view-filter-rule-${props.index}`}>
      <select
        aria-label={label("Field")}
        value={rule.fieldId}
        onChange={(event) => {
          const next = props.fields.find((candidate) => candidate.id === event.target.value);
          if (!next?.type) return;
          const operator = filterOperators(next.type)[0];
          props.onChange({ fieldId: next.id, operator, value: blankValue(next.type, operator) });
        }}
      >
        {props.fields.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      <select
        aria-label={label("Operator")}
        value={rule.operator}
        onChange={(event) => fieldType && props.onChange({ ...rule, operator: event.target.value, value: blankValue(fieldType, event.target.value as FilterOperator, rule.value) })}
      >
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {intl.formatMessage({ id: `data.filter.operator.${operator}` })}
          </option>
        ))}
      </select>
      {operand === "Boolean" ? (
        <label className="checkbox" htmlFor={id}>
          <input id={id} type="checkbox" checked={rule.value === true} onChange={(event) => props.onChange({ ...rule, value: event.target.checked })} /> {label("Yes")}
        </label>
      ) : (
        <input
          aria-label={label("Value")}
          type={operand === "String" ? "text" : "number"}
          step={operand === "Int" ? 1 : "any"}
          value={String(rule.value)}
          onChange={(event) => props.onChange({ ...rule, value: operand === "String" ? event.target.value : event.target.value === "" ? 0 : Number(event.target.value) })}
          data-testid={`view-filter-value-${props.index}`}
        />
      )}
      <button type="button" className="button" onClick={props.onRemove} aria-label={label("Remove")}>
        ×
      </button>
    </div>
  );
}

/** The value a new condition starts with, keeping the old one where it still fits the operand. */
function blankValue(fieldType: NonNullable<ObjectType["fields"][number]["type"]>, operator: FilterOperator, old?: FilterValue): FilterValue {
  const operand = operandOf(fieldType, operator);
  if (operand === "Boolean") return typeof old === "boolean" ? old : true;
  if (operand === "String") return typeof old === "string" ? old : "";
  return typeof old === "number" ? (operand === "Int" ? Math.round(old) : old) : 0;
}
