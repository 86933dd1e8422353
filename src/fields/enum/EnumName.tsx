import type { FieldSettingsProps } from "../fieldKindUi";
import { enumOf } from "./enumOf";

/** An Enum field's type is the project enum it takes its values from. */
export function EnumName(props: FieldSettingsProps) {
  return <>{enumOf(props.field, props.enums)?.name ?? ""}</>;
}
