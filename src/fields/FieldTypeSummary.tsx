import type { FieldSettingsProps } from "./fieldKindUi";
import { fieldKindUi } from "./kinds";

/** What the field settings show as a field's type, by its kind. */
export function FieldTypeSummary(props: FieldSettingsProps) {
  const { Settings } = fieldKindUi(props.field);
  return <Settings {...props} />;
}
