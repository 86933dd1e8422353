import { FormattedMessage, useIntl } from "react-intl";
import type { FilterCondition } from "../../domain/filters";
import { formatDecimal } from "../../domain/fields";
import { intlLocale } from "../../i18n/intlLocale";

/** The active conditions as removable chips; they combine with and. */
export function FilterChips(props: { conditions: readonly FilterCondition[]; onChange(conditions: FilterCondition[]): void }) {
  const intl = useIntl();
  if (props.conditions.length === 0) return null;
  const describe = (condition: FilterCondition) => {
    if (condition.operator === "attributeExists") {
      return `${condition.field} ${intl.formatMessage({ id: condition.value ? "data.filter.exists" : "data.filter.missing" })}`;
    }
    const operator = intl.formatMessage({ id: `data.filter.operator.${condition.operator}` });
    const value = typeof condition.value === "boolean" ? intl.formatMessage({ id: `data.filter.${condition.value}` }) : typeof condition.value === "number"
          ? formatDecimal(condition.value, intlLocale(intl))
          : String(condition.value);
    return `${condition.field} ${operator} ${value}`;
  };
  return (
    <ul className="filter-chips" aria-label={intl.formatMessage({ id: "data.filter.active" })} data-testid="filter-chips">
      {props.conditions.map((condition, index) => (
        <li key={`${condition.field}-${condition.operator}`} className="filter-chip" data-testid="filter-chip">
          <span>{describe(condition)}</span>
          <button
            type="button"
            className="filter-chip-remove"
            aria-label={intl.formatMessage({ id: "data.filter.remove" }, { condition: describe(condition) })}
            onClick={() => props.onChange(props.conditions.filter((_, other) => other !== index))}
          >
            <FormattedMessage id="data.filter.removeMark" />
          </button>
        </li>
      ))}
    </ul>
  );
}
