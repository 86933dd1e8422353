import { useIntl } from "react-intl";
import type { FieldInputProps } from "./fieldKindUi";

export interface Choice {
  value: string;
  label: string;
}

/**
 * A native select of a kind's few values, first "no value". A select cannot be read-only, so
 * while read-only (a cell saving) it keeps the focus and ignores changes instead of being disabled.
 */
export function ChoiceSelect(props: FieldInputProps & { choices: readonly Choice[] }) {
  const intl = useIntl();
  const { readOnly, ...control } = props.control;
  return (
    <select {...control} aria-readonly={readOnly || undefined} value={props.text} onChange={(event) => !readOnly && props.onChange(event.target.value)}>
      <option value="">{intl.formatMessage({ id: "data.record.noValue" })}</option>
      {props.choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
