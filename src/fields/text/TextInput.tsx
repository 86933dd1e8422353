import type { HTMLAttributes } from "react";
import { useIntl } from "react-intl";
import { INPUT_MAX_LENGTH, sanitizeEntryText } from "../../domain/entryInput";
import { intlLocale } from "../../i18n/intlLocale";
import type { FieldInputProps } from "../fieldKindUi";

/** What tells a typed kind's input apart: the native type (and the browser's own field with it), keyboard and length. */
export interface TextInputAttributes {
  type?: "text" | "email" | "tel" | "url" | "date" | "time" | "datetime-local";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  step?: number;
  maxLength?: number;
}

/** A one-line input that keeps what the field type keeps while typing (spec §5 sanitisers, per locale). */
export function TextInput({ type = "text", inputMode, step, maxLength = INPUT_MAX_LENGTH, ...props }: FieldInputProps & TextInputAttributes) {
  const intl = useIntl();
  return (
    <input
      {...props.control}
      type={type}
      inputMode={inputMode}
      step={step}
      maxLength={maxLength}
      value={props.text}
      onChange={(event) => props.onChange(sanitizeEntryText(props.field, event.target.value, intlLocale(intl)))}
    />
  );
}
