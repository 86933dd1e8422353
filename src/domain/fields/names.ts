/**
 * The names of the field types (spec §3 "Field types"). A name added here needs its definition
 * in ./registry.ts (the type checker asks for it) and its label `model.fieldType.<name>`.
 */
export const FIELD_TYPES = [
  "Boolean",
  "Float",
  "ID",
  "Integer",
  "String",
  "ListBoolean",
  "ListFloat",
  "ListId",
  "ListInteger",
  "ListString",
  "Date",
  "DateTime",
  "Time",
  "Timestamp",
  "Email",
  "IpAddress",
  "Json",
  "Phone",
  "Url",
  "Dynamic",
  "Enum",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
