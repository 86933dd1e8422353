import { useIntl } from "react-intl";
import type { EnumType, Field } from "../../domain/model";
import { sanitizeEmail } from "../../domain/account";
import { INPUT_MAX_LENGTH, INTEGER_INPUT_MAX_LENGTH, sanitizeInteger, sanitizeNumber, sanitizePhone } from "../../domain/entryInput";
import { SelectField } from "../../ui/SelectField";
import { TextField } from "../../ui/TextField";
import type { ValueInputKind } from "./filterValue";

const SANITIZE: Partial<Record<ValueInputKind, (text: string) => string>> = {
  integer: (text) => sanitizeInteger(text),
  number: sanitizeNumber,
  email: sanitizeEmail,
  phone: sanitizePhone,
};

const NATIVE_TYPE: Partial<Record<ValueInputKind, string>> = { date: "date", dateTime: "datetime-local", time: "time" };

/** The value step's input: the field type's own input with the §5 sanitisers. */
export function FilterValueInput(props: {
  kind: ValueInputKind;
  field: Field;
  enums: readonly EnumType[];
  text: string;
  onChange(text: string): void;
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "data.filter.value" });
  const common = { label, value: props.text, autoFocus: true, "data-testid": "filter-value" } as const;
  if (props.kind === "yesNo" || props.kind === "boolean") {
    const [yes, no] = props.kind === "yesNo" ? ["data.filter.exists", "data.filter.missing"] : ["data.filter.true", "data.filter.false"];
    return (
      <SelectField
        {...common}
        onChange={props.onChange}
        options={[
          { value: "true", label: intl.formatMessage({ id: yes }) },
          { value: "false", label: intl.formatMessage({ id: no }) },
        ]}
      />
    );
  }
  if (props.kind === "enum") {
    const values = props.enums.find((enumType) => enumType.id === props.field.typeId)?.values ?? [];
    return (
      <SelectField
        {...common}
        onChange={props.onChange}
        placeholder={intl.formatMessage({ id: "data.filter.chooseValue" })}
        options={values.map((value) => ({ value: value.name, label: value.name }))}
      />
    );
  }
  const sanitize = SANITIZE[props.kind] ?? ((text: string) => text);
  return (
    <TextField
      {...common}
      type={NATIVE_TYPE[props.kind] ?? "text"}
      inputMode={props.kind === "integer" ? "numeric" : props.kind === "number" ? "decimal" : undefined}
      maxLength={props.kind === "integer" ? INTEGER_INPUT_MAX_LENGTH : INPUT_MAX_LENGTH}
      onChange={(text) => props.onChange(sanitize(text))}
    />
  );
}
