import type { FieldInputProps } from "./fieldKindUi";
import { fieldKindUi } from "./kinds";

/** The control that types a field's value, by its kind: the grid's cell editor and the record form both show this. */
export function FieldInput(props: FieldInputProps) {
  const { Input } = fieldKindUi(props.field);
  return <Input {...props} />;
}
