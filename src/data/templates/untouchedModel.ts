import { isSystemField, type SchemaModel } from "../../domain/model";

/**
 * Whether the model is still a new project's: the one empty Table1 and no enums. Anything more
 * is the user's work, which a template or the AI start replaces only after asking.
 */
export function isUntouchedModel(model: SchemaModel): boolean {
  if (model.enumTypes.length > 0 || model.objectTypes.length !== 1) return false;
  const [table] = model.objectTypes;
  return table.name === "Table1" && table.fields.every(isSystemField);
}
