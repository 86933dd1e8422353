import type { FieldKindUi } from "../fieldKindUi";
import { plainDisplay } from "../plainDisplay";
import { EnumInput } from "./EnumInput";
import { EnumName } from "./EnumName";

export const enumeration: FieldKindUi = { display: plainDisplay, Input: EnumInput, Settings: EnumName };
