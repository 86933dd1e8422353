import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { filterOperators, type FilterCondition } from "../../domain/filters";
import { effectiveFieldType, type EnumType, type Field } from "../../domain/model";
import { Button } from "../../ui/Button";
import { EMPTY_STACK, back, chooseField, chooseOperator, typeValue, type FilterStack } from "./filterStack";
import { intlLocale } from "../../i18n/intlLocale";
import { filterValueFromText, initialValueText, valueInputKind } from "./filterValue";
import { FilterValueInput } from "./FilterValueInput";
import "./FilterDropdown.css";

const isFilterable = (field: Field) => effectiveFieldType(field) !== null;

/**
 * The filter dropdown of spec §2: a three-step stack (field, operator, value) in a popover that
 * opens and closes by its button and closes on Escape or a click outside. Apply adds the
 * condition to the active ones (they combine with and); Clear removes them all.
 */
export function FilterDropdown(props: {
  fields: readonly Field[];
  enums: readonly EnumType[];
  conditions: readonly FilterCondition[];
  onChange(conditions: FilterCondition[]): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [stack, setStack] = useState<FilterStack>(EMPTY_STACK);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const fields = props.fields.filter(isFilterable);
  const field = stack.step === "field" ? undefined : fields.find((candidate) => candidate.name === stack.field);
  const fieldType = field ? effectiveFieldType(field) : null;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setStack(EMPTY_STACK);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Each step starts at its first choice, so the stack is walked with the keyboard alone.
  useEffect(() => {
    if (open && stack.step !== "value") bodyRef.current?.querySelector<HTMLElement>("button")?.focus();
  }, [open, stack.step]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (stack.step !== "value" || !fieldType) return;
    const value = filterValueFromText(valueInputKind(fieldType, stack.operator), stack.text, intlLocale(intl));
    if (value === null) return;
    // The same field and operator twice would only narrow to the later value: replace it.
    const others = props.conditions.filter((condition) => condition.field !== stack.field || condition.operator !== stack.operator);
    props.onChange([...others, { field: stack.field, operator: stack.operator, value }]);
    close(true);
  };

  const clear = () => {
    props.onChange([]);
    setStack(EMPTY_STACK);
  };

  return (
    <div className="filter-dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={props.disabled}
        data-testid="toolbar-filter"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <FormattedMessage id="data.toolbar.filter" />
        {props.conditions.length > 0 && (
          <span className="filter-count" data-testid="filter-count">
            {props.conditions.length}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-labelledby={titleId}
          className="filter-popover"
          data-testid="filter-dropdown"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              close(true);
            }
          }}
        >
          <div className="filter-head">
            {stack.step !== "field" && (
              <Button variant="link" onClick={() => setStack(back(stack))} data-testid="filter-back">
                <FormattedMessage id="data.filter.back" />
              </Button>
            )}
            <h2 id={titleId} className="filter-title">
              <FormattedMessage id={`data.filter.step.${stack.step}`} />
            </h2>
            {stack.step !== "field" && (
              <p className="filter-path" data-testid="filter-path">
                {stack.field}
                {stack.step === "value" && ` · ${intl.formatMessage({ id: `data.filter.operator.${stack.operator}` })}`}
              </p>
            )}
          </div>
          <div className="filter-body" ref={bodyRef}>
            {stack.step === "field" &&
              (fields.length === 0 ? (
                <p className="field-hint">
                  <FormattedMessage id="data.filter.noFields" />
                </p>
              ) : (
                <ul className="filter-choices">
                  {fields.map((candidate) => (
                    <li key={candidate.id}>
                      <button type="button" className="filter-choice" data-testid={`filter-field-${candidate.name}`} onClick={() => setStack(chooseField(candidate.name))}>
                        {candidate.name}
                      </button>
                    </li>
                  ))}
                </ul>
              ))}
            {stack.step === "operator" && fieldType && (
              <ul className="filter-choices">
                {filterOperators(fieldType).map((operator) => (
                  <li key={operator}>
                    <button
                      type="button"
                      className="filter-choice"
                      data-testid={`filter-operator-${operator}`}
                      onClick={() => setStack(chooseOperator(stack, operator, initialValueText(valueInputKind(fieldType, operator))))}
                    >
                      <FormattedMessage id={`data.filter.operator.${operator}`} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {stack.step === "value" && field && fieldType && (
              <form onSubmit={apply} className="filter-value">
                <FilterValueInput
                  kind={valueInputKind(fieldType, stack.operator)}
                  field={field}
                  enums={props.enums}
                  text={stack.text}
                  onChange={(text) => setStack(typeValue(stack, text))}
                />
                <Button
                  type="submit"
                  variant="primary"
                  disabled={filterValueFromText(valueInputKind(fieldType, stack.operator), stack.text, intlLocale(intl)) === null}
                  data-testid="filter-apply"
                >
                  <FormattedMessage id="data.filter.apply" />
                </Button>
              </form>
            )}
          </div>
          <div className="filter-foot">
            <Button onClick={clear} disabled={props.conditions.length === 0} data-testid="filter-clear">
              <FormattedMessage id="data.filter.clear" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
