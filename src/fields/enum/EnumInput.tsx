import { ChoiceSelect } from "../ChoiceSelect";
import type { FieldInputProps } from "../fieldKindUi";
import { enumOf } from "./enumOf";

/** One of the field's enum values, by name. */
export function EnumInput(props: FieldInputProps) {
  const choices = (enumOf(props.field, props.enums)?.values ?? []).map((value) => ({ value: value.name, label: value.name }));
  return <ChoiceSelect {...props} choices={choices} />;
}
