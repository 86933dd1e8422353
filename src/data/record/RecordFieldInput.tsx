import { useIntl } from "react-intl";
import { INPUT_MAX_LENGTH, INTEGER_INPUT_MAX_LENGTH, entryInputKind, sanitizeEntryText } from "../../domain/entryInput";
import { effectiveFieldType, type EnumType, type Field, type FieldType } from "../../domain/model";
import { SelectField } from "../../ui/SelectField";
import { intlLocale } from "../../i18n/intlLocale";
import { displayValue } from "../entries/displayValue";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";

const NATIVE_TYPE: Partial<Record<FieldType, string>> = { Date: "date", DateTime: "datetime-local", Time: "time", Timestamp: "datetime-local", Url: "url" };

/**
 * One field of the record form with its type's input and the §5 sanitisers; read-only fields
 * show an auto-generated placeholder (spec §5).
 */
export function RecordFieldInput(props: {
  field: Field;
  enums: readonly EnumType[];
  text: string;
  /** The stored value, shown in the user's locale while the field is read-only. */
  value?: unknown;
  readOnly: boolean;
  error?: string;
  /** The users table's sign-in fields: what writing them does to the user's sign-in is said beside them. */
  signIn?: "email" | "password";
  onChange(text: string): void;
}) {
  const intl = useIntl();
  const fieldType = effectiveFieldType(props.field)!;
  const common = {
    label: props.field.label || props.field.name,
    value: props.text,
    error: props.error,
    "data-testid": `record-field-${props.field.name}`,
  } as const;
  if (props.readOnly) {
    const shown = props.value === undefined ? props.text : displayValue(intl, props.field, props.value);
    return <TextField {...common} value={shown} readOnly onChange={() => undefined} placeholder={intl.formatMessage({ id: "data.record.generated" })} />;
  }
  if (fieldType === "Boolean" || fieldType === "Enum") {
    const options =
      fieldType === "Boolean"
        ? [
            { value: "true", label: intl.formatMessage({ id: "data.filter.true" }) },
            { value: "false", label: intl.formatMessage({ id: "data.filter.false" }) },
          ]
        : (props.enums.find((enumType) => enumType.id === props.field.typeId)?.values ?? []).map((value) => ({ value: value.name, label: value.name }));
    return <SelectField {...common} onChange={props.onChange} options={options} placeholder={intl.formatMessage({ id: "data.record.noValue" })} />;
  }
  if (fieldType === "Json") {
    const { error: _shownBelow, ...area } = common;
    return (
      <TextAreaField
        {...area}
        maxLength={INPUT_MAX_LENGTH}
        hint={props.error}
        onChange={props.onChange}
      />
    );
  }
  const kind = entryInputKind(props.field);
  // The password is write-only: it always reads empty, and a value typed sets a new one.
  const hint = props.signIn
    ? intl.formatMessage({ id: props.signIn === "password" ? "data.record.signInPasswordHint" : "data.record.signInEmailHint" })
    : fieldType.startsWith("List")
      ? intl.formatMessage({ id: "data.record.listHint" })
      : undefined;
  return (
    <TextField
      {...common}
      type={props.signIn === "password" ? "password" : (NATIVE_TYPE[fieldType] ?? "text")}
      autoComplete={props.signIn === "password" ? "new-password" : undefined}
      hint={hint}
      inputMode={kind === "integer" ? "numeric" : kind === "number" ? "decimal" : undefined}
      step={kind === "timestamp" ? 1 : undefined}
      maxLength={kind === "integer" ? INTEGER_INPUT_MAX_LENGTH : INPUT_MAX_LENGTH}
      onChange={(text) => props.onChange(sanitizeEntryText(props.field, text, intlLocale(intl)))}
    />
  );
}
