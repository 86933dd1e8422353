import { useIntl } from "react-intl";
import { INPUT_MAX_LENGTH, sanitizeEntryText } from "../../domain/entryInput";
import { intlLocale } from "../../i18n/intlLocale";
import { TEXTAREA_ROWS } from "../../ui/TextAreaField";
import type { FieldInputProps } from "../fieldKindUi";

/** JSON text in an area that wraps; one line tall in a grid cell, where Enter saves. */
export function JsonInput(props: FieldInputProps) {
  const intl = useIntl();
  return (
    <textarea
      {...props.control}
      rows={props.inline ? 1 : TEXTAREA_ROWS}
      maxLength={INPUT_MAX_LENGTH}
      spellCheck={false}
      value={props.text}
      onChange={(event) => props.onChange(sanitizeEntryText(props.field, event.target.value, intlLocale(intl)))}
    />
  );
}
