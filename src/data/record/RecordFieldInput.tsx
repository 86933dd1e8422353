import { useIntl } from "react-intl";
import { sanitizeEmail } from "../../domain/account";
import { DATA_ENTRY_MAX_LENGTH, sanitizeInteger, sanitizeNumber, sanitizePhone } from "../../domain/inputSanitizers";
import { effectiveFieldType, type EnumType, type Field, type FieldType } from "../../domain/model";
import { SelectField } from "../../ui/SelectField";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";

const SANITIZE: Partial<Record<FieldType, (text: string) => string>> = {
  Integer: sanitizeInteger,
  Float: sanitizeNumber,
  Timestamp: sanitizeInteger,
  Email: sanitizeEmail,
  Phone: sanitizePhone,
};

const NATIVE_TYPE: Partial<Record<FieldType, string>> = { Date: "date", Time: "time", Url: "url" };

/**
 * One field of the record form with its type's input and the §5 sanitisers; read-only fields
 * show an auto-generated placeholder (spec §5).
 */
export function RecordFieldInput(props: {
  field: Field;
  enums: readonly EnumType[];
  text: string;
  readOnly: boolean;
  error?: string;
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
    return <TextField {...common} readOnly onChange={() => undefined} placeholder={intl.formatMessage({ id: "data.record.generated" })} />;
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
  if (fieldType.startsWith("List") || fieldType === "Json") {
    const { error: _shownBelow, ...area } = common;
    return (
      <TextAreaField
        {...area}
        maxLength={DATA_ENTRY_MAX_LENGTH.other}
        hint={props.error ?? (fieldType === "Json" ? undefined : intl.formatMessage({ id: "data.record.listHint" }))}
        onChange={props.onChange}
      />
    );
  }
  const sanitize = SANITIZE[fieldType] ?? ((text: string) => text);
  return (
    <TextField
      {...common}
      type={NATIVE_TYPE[fieldType] ?? "text"}
      inputMode={fieldType === "Integer" || fieldType === "Timestamp" ? "numeric" : fieldType === "Float" ? "decimal" : undefined}
      maxLength={fieldType === "Integer" ? DATA_ENTRY_MAX_LENGTH.integer : DATA_ENTRY_MAX_LENGTH.other}
      onChange={(text) => props.onChange(sanitize(text))}
    />
  );
}
