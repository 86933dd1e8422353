import { FIELD_TYPES, type FieldType } from "../domain/model";
import { FIELD_TYPE_DEFINITIONS, type FieldTypeGroup } from "../domain/fields";

export type { FieldTypeGroup } from "../domain/fields";

/** The select's groups in order, each with its types (src/domain/fields); enumeration lists the project's enums instead. */
export const FIELD_TYPE_GROUPS: { group: FieldTypeGroup; types: FieldType[] }[] = (
  ["base", "baseList", "complex", "datetime"] as const
).map((group) => ({ group, types: FIELD_TYPES.filter((fieldType) => FIELD_TYPE_DEFINITIONS[fieldType].group === group) }));
