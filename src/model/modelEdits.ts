import type { ObjectType, SchemaModel } from "../domain/model";

/** The model with one table swapped for its edited copy (same id). */
export function replaceObjectType(model: SchemaModel, table: ObjectType): SchemaModel {
  return { ...model, objectTypes: model.objectTypes.map((current) => (current.id === table.id ? table : current)) };
}
