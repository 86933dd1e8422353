import { useIntl } from "react-intl";
import { effectiveFieldType } from "../domain/model";
import type { FieldSettingsProps } from "./fieldKindUi";

/** The field type's label (`model.fieldType.<type>`): what most kinds show in the field settings. */
export function TypeName(props: FieldSettingsProps) {
  const intl = useIntl();
  const fieldType = effectiveFieldType(props.field);
  return <>{fieldType ? intl.formatMessage({ id: `model.fieldType.${fieldType}` }) : ""}</>;
}
