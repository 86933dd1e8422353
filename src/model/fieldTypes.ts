import { FIELD_TYPES, type FieldType } from "../domain/model";

/** The groups of the field type select (spec §3 "Groups"). */
export type FieldTypeGroup = "base" | "baseList" | "complex" | "datetime" | "enumeration";

/** How a value of the type is typed in (spec §3 "Input kinds"), for the data entry forms. */
export type InputKind = "number" | "text" | "time" | "email" | "tel" | "url";

interface FieldTypeKind {
  group: FieldTypeGroup;
  input: InputKind;
}

/**
 * Everything the console knows about one field type, in one table: its group in the type
 * select and its input kind. Labels are the messages `model.fieldType.<type>`.
 */
export const FIELD_TYPE_KINDS: Record<FieldType, FieldTypeKind> = {
  Boolean: { group: "base", input: "text" },
  Float: { group: "base", input: "number" },
  ID: { group: "base", input: "text" },
  Integer: { group: "base", input: "number" },
  String: { group: "base", input: "text" },
  ListBoolean: { group: "baseList", input: "text" },
  ListFloat: { group: "baseList", input: "number" },
  ListId: { group: "baseList", input: "text" },
  ListInteger: { group: "baseList", input: "number" },
  ListString: { group: "baseList", input: "text" },
  Email: { group: "complex", input: "email" },
  IpAddress: { group: "complex", input: "text" },
  Json: { group: "complex", input: "text" },
  Phone: { group: "complex", input: "tel" },
  Url: { group: "complex", input: "url" },
  Dynamic: { group: "complex", input: "text" },
  Date: { group: "datetime", input: "text" },
  DateTime: { group: "datetime", input: "text" },
  Time: { group: "datetime", input: "time" },
  Timestamp: { group: "datetime", input: "number" },
  Enum: { group: "enumeration", input: "text" },
};

/** The select's groups in order, each with its types; enumeration lists the project's enums instead. */
export const FIELD_TYPE_GROUPS: { group: FieldTypeGroup; types: FieldType[] }[] = (
  ["base", "baseList", "complex", "datetime"] as const
).map((group) => ({ group, types: FIELD_TYPES.filter((fieldType) => FIELD_TYPE_KINDS[fieldType].group === group) }));
