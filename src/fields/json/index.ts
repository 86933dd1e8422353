import type { FieldKindUi } from "../fieldKindUi";
import { plainDisplay } from "../plainDisplay";
import { TypeName } from "../TypeName";
import { JsonInput } from "./JsonInput";

export const json: FieldKindUi = { display: plainDisplay, Input: JsonInput, Settings: TypeName };
