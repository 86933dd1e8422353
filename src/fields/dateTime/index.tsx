import type { FieldInputProps, FieldKindUi } from "../fieldKindUi";
import { TextInput } from "../text/TextInput";
import { TypeName } from "../TypeName";
import { displayDate, displayDateTime, displayTime, displayTimestamp } from "./display";

/** Dates and times are typed in the browser's own localized fields. */
function DateInput(props: FieldInputProps) {
  return <TextInput {...props} type="date" />;
}

function TimeInput(props: FieldInputProps) {
  return <TextInput {...props} type="time" />;
}

/** Local date and time; the field type turns it into an instant (src/domain/fields/entryText.ts). */
function DateTimeInput(props: FieldInputProps) {
  return <TextInput {...props} type="datetime-local" />;
}

/** A timestamp is kept to the second. */
function TimestampInput(props: FieldInputProps) {
  return <TextInput {...props} type="datetime-local" step={1} />;
}

export const date: FieldKindUi = { display: displayDate, Input: DateInput, Settings: TypeName };
export const time: FieldKindUi = { display: displayTime, Input: TimeInput, Settings: TypeName };
export const datetime: FieldKindUi = { display: displayDateTime, Input: DateTimeInput, Settings: TypeName };
export const timestamp: FieldKindUi = { display: displayTimestamp, Input: TimestampInput, Settings: TypeName };
