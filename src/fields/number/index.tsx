import { INTEGER_INPUT_MAX_LENGTH } from "../../domain/entryInput";
import { entryDisplay } from "../entryDisplay";
import type { FieldInputProps, FieldKindUi } from "../fieldKindUi";
import { TextInput } from "../text/TextInput";
import { TypeName } from "../TypeName";

/**
 * Numbers are typed as text, not `type=number`: a number input drops a German 12,5 in some
 * browsers, and the locale's marks are read by the field type (src/domain/fields/decimal.ts).
 */
function IntegerInput(props: FieldInputProps) {
  return <TextInput {...props} inputMode="numeric" maxLength={INTEGER_INPUT_MAX_LENGTH} />;
}

function NumberInput(props: FieldInputProps) {
  return <TextInput {...props} inputMode="decimal" />;
}

export const integer: FieldKindUi = { display: entryDisplay, Input: IntegerInput, Settings: TypeName };
export const number: FieldKindUi = { display: entryDisplay, Input: NumberInput, Settings: TypeName };
