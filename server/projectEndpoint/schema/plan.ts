import {
  PUBLISHING_TYPES,
  effectiveFieldType,
  isSystemField,
  listSortFields,
  requiredFlags,
  type EnumType,
  type Field,
  type FieldType,
  type ObjectType,
  type PublishingType,
  type SchemaModel,
} from "../../../src/domain/model";
import type { ParentSlot } from "../entries/store";
import { filterInputName } from "./filterInputs";
import { fieldTypeDefinition } from "../../../src/domain/fields";

/**
 * What the generator needs to know about each table of a live model, worked out once per
 * version: its user fields with their GraphQL types, its parents and children, its sort fields
 * and what it publishes.
 */
export interface TablePlan {
  type: ObjectType;
  fields: PlannedField[];
  byName: Map<string, Field>;
  parents: { slot: ParentSlot; type: ObjectType }[];
  children: { slot: ParentSlot; type: ObjectType }[];
  /** updatedAt, createdAt and the sort-by fields; the first is the default. */
  sortFields: string[];
  publishes: Set<PublishingType>;
}

export interface PlannedField {
  field: Field;
  kind: FieldType;
  /** The GraphQL type of its value, without `!`. */
  graphqlType: string;
  /** The filter input type for it. */
  filterType: string;
  requiredOnDelete: boolean;
}

export interface ModelPlan {
  model: SchemaModel;
  tables: TablePlan[];
  /** Enums usable as GraphQL enums (values that are GraphQL names), by enum id. */
  enums: Map<string, EnumType>;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const isGraphqlEnum = (enumType: EnumType) =>
  enumType.values.length > 0 && GRAPHQL_NAME.test(enumType.name) && enumType.values.every((value) => GRAPHQL_NAME.test(value.name) && !["true", "false", "null"].includes(value.name));

function plannedField(field: Field, enums: Map<string, EnumType>): PlannedField | null {
  const kind = effectiveFieldType(field);
  if (!kind) return null;
  let graphqlType = fieldTypeDefinition(kind).graphqlType;
  if (kind === "Enum") {
    const enumType = field.typeId ? enums.get(field.typeId) : undefined;
    graphqlType = enumType ? enumType.name : "String";
  }
  return { field, kind, graphqlType, filterType: filterInputName(kind), requiredOnDelete: requiredFlags(field).requiredOnDelete };
}

export function planModel(model: SchemaModel): ModelPlan {
  const enums = new Map(model.enumTypes.filter(isGraphqlEnum).map((enumType) => [enumType.id, enumType]));
  const types = model.objectTypes.filter((objectType) => GRAPHQL_NAME.test(objectType.name));
  const byId = new Map(types.map((objectType) => [objectType.id, objectType]));
  const tables = types.map((objectType): TablePlan => {
    const userFields = objectType.fields.filter((field) => !isSystemField(field) && GRAPHQL_NAME.test(field.name));
    const parents = (["first", "second"] as const).flatMap((slot) => {
      const parent = byId.get(objectType.parents[slot]?.parentId ?? "");
      return parent ? [{ slot, type: parent }] : [];
    });
    const children = types.flatMap((child) =>
      (["first", "second"] as const).filter((slot) => child.parents[slot]?.parentId === objectType.id).map((slot) => ({ slot, type: child })),
    );
    return {
      type: objectType,
      fields: userFields.map((field) => plannedField(field, enums)).filter((field): field is PlannedField => field !== null),
      byName: new Map(objectType.fields.map((field) => [field.name, field])),
      parents,
      children,
      sortFields: listSortFields(userFields),
      publishes: new Set(objectType.publishingTypes ?? PUBLISHING_TYPES),
    };
  });
  return { model, tables, enums };
}
