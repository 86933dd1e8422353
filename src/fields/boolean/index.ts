import type { FieldKindUi } from "../fieldKindUi";
import { plainDisplay } from "../plainDisplay";
import { TypeName } from "../TypeName";
import { BooleanInput } from "./BooleanInput";

export const boolean: FieldKindUi = { display: plainDisplay, Input: BooleanInput, Settings: TypeName };
