import { entryDisplay } from "../entryDisplay";
import type { FieldInputProps, FieldKindUi } from "../fieldKindUi";
import { TextInput } from "../text/TextInput";
import { TypeName } from "../TypeName";

/** A list is typed as its elements with a separator between them (src/domain/fields/entryText.ts listText). */
function ListInput(props: FieldInputProps) {
  return <TextInput {...props} />;
}

export const list: FieldKindUi = { display: entryDisplay, Input: ListInput, Settings: TypeName, hintId: "data.record.listHint" };
