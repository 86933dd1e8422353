import { useIntl } from "react-intl";
import { entrySeparator, INPUT_MAX_LENGTH, sanitizeEntryText } from "../../domain/entryInput";
import type { EnumType, Field } from "../../domain/model";
import { FieldInput } from "../../fields/FieldInput";
import { fieldDisplay } from "../../fields/fieldDisplay";
import { fieldKindUi } from "../../fields/kinds";
import { intlLocale } from "../../i18n/intlLocale";
import { FieldFrame } from "../../ui/FieldFrame";
import { TextField } from "../../ui/TextField";

/**
 * One field of the record form: its kind's input (the one a grid cell edits with, src/fields/)
 * with label, hint and error; read-only fields show an auto-generated placeholder (spec §5).
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
  const label = props.field.label || props.field.name;
  const testId = `record-field-${props.field.name}`;
  if (props.readOnly) {
    const shown = props.value === undefined ? props.text : fieldDisplay(intl, props.field, props.value);
    return <TextField label={label} value={shown} readOnly onChange={() => undefined} placeholder={intl.formatMessage({ id: "data.record.generated" })} data-testid={testId} />;
  }
  if (props.signIn === "password") {
    // The password is write-only: it always reads empty, and a value typed sets a new one.
    return (
      <TextField
        label={label}
        value={props.text}
        error={props.error}
        type="password"
        autoComplete="new-password"
        maxLength={INPUT_MAX_LENGTH}
        hint={intl.formatMessage({ id: "data.record.signInPasswordHint" })}
        onChange={(text) => props.onChange(sanitizeEntryText(props.field, text, intlLocale(intl)))}
        data-testid={testId}
      />
    );
  }
  const { hintId } = fieldKindUi(props.field);
  const separator = entrySeparator(props.field, intlLocale(intl)) === ";" ? "semicolon" : "comma";
  const hint = props.signIn === "email" ? intl.formatMessage({ id: "data.record.signInEmailHint" }) : hintId && intl.formatMessage({ id: hintId }, { separator });
  return (
    <FieldFrame label={label} hint={hint} error={props.error}>
      {(control) => <FieldInput field={props.field} enums={props.enums} text={props.text} onChange={props.onChange} control={{ ...control, "data-testid": testId }} />}
    </FieldFrame>
  );
}
