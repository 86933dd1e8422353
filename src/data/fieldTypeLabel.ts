import type { IntlShape } from "react-intl";
import { effectiveFieldType, type Field } from "../domain/model";

/** A column's type as the data screens show it: the enum's name, else the field type's label. */
export function fieldTypeLabel(intl: IntlShape, field: Field, enumName: (enumId: string | null | undefined) => string | undefined): string {
  const fieldType = effectiveFieldType(field);
  if (fieldType === "Enum") return enumName(field.typeId) ?? intl.formatMessage({ id: "model.fieldType.Enum" });
  return fieldType ? intl.formatMessage({ id: `model.fieldType.${fieldType}` }) : "";
}
