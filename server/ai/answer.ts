import { type } from "arktype";
import {
  FIELD_TYPES,
  RESERVED_FIELD_NAMES,
  RESERVED_TYPE_NAMES,
  sanitizeName,
  type FieldType,
} from "../../src/domain/model";
import type { DraftTable } from "../templates/build";
import type { EnumSpec, FieldSpec } from "../templates/parts/part";

/**
 * The shape a language model is asked for: simpler than the schema model (no ids, no indexes,
 * relations by table name), so small models get it right; it is converted and then checked with
 * the model's own types and rules like anything the console sends.
 */
export const LlmAnswer = type({
  tables: type({
    name: "string",
    "fields?": type({ name: "string", type: "string", "required?": "boolean", "unique?": "boolean" }).array(),
    "belongsTo?": "string[]",
  }).array(),
  "enums?": type({ name: "string", values: "string[]" }).array(),
});
export type LlmAnswer = typeof LlmAnswer.infer;

type ScalarType = Exclude<FieldType, "Enum">;

/** What a field may be besides an enum; ID is the system field's, Dynamic is chosen in the editor. */
const SCALAR_TYPES = FIELD_TYPES.filter((fieldType): fieldType is ScalarType => !["ID", "Enum", "Dynamic"].includes(fieldType));

export const ANSWER_INSTRUCTIONS = [
  "You design the data model of a GraphQL back end from a short request in English or German.",
  "Answer with one JSON object and nothing else, in this shape:",
  '{"tables":[{"name":"Customer","fields":[{"name":"email","type":"Email","required":true,"unique":true}],"belongsTo":["Company"]}],"enums":[{"name":"OrderStatus","values":["OPEN","PAID"]}]}',
  "Rules: 3 to 10 tables; table names English, PascalCase, singular; field names English camelCase.",
  "Every table already has id, createdAt and updatedAt: do not list them.",
  `Field types: ${SCALAR_TYPES.join(", ")}, or the name of one of your enums.`,
  "Relations: belongsTo lists the tables this one belongs to (at most two); add no foreign-key fields.",
  "Enum values are UPPER_SNAKE_CASE. Never use the names Activity, ApiKey, Subscription, Query, Mutation, FileDocument or CloudFunction.",
].join("\n");

const TYPE_ALIASES: Record<string, ScalarType> = {
  text: "String",
  str: "String",
  varchar: "String",
  int: "Integer",
  long: "Integer",
  bigint: "Integer",
  number: "Float",
  double: "Float",
  decimal: "Float",
  money: "Float",
  currency: "Float",
  bool: "Boolean",
  datetime: "DateTime",
  uri: "Url",
  link: "Url",
  phonenumber: "Phone",
  object: "Json",
  ip: "IpAddress",
};

const MAX_TABLES = 30;
const MAX_FIELDS = 40;
const MAX_ENUM_LENGTH = 64;

/** "order item" → OrderItem; accents and other characters dropped as the editor does. */
const pascal = (text: string) =>
  sanitizeName(
    text
      .split(/[^\p{L}\p{N}]+/u)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(""),
  );

const camel = (text: string) => {
  const name = pascal(text);
  return name.charAt(0).toLowerCase() + name.slice(1);
};

const constant = (text: string) =>
  sanitizeName(text.trim().replace(/[\s-]+/g, "_")).toUpperCase().slice(0, MAX_ENUM_LENGTH);

const lower = (list: readonly string[]) => new Set(list.map((name) => name.toLowerCase()));
const RESERVED_TYPES = lower([...RESERVED_TYPE_NAMES, "FileDocument", "CloudFunction", "String", "Int", "Float", "Boolean", "ID"]);
const RESERVED_FIELDS = lower(RESERVED_FIELD_NAMES);

/**
 * Drafts from an answer, repairing what a model commonly gets wrong: spaces and casing in
 * names, the system fields listed anyway, type aliases ("int", "text"), a relation written as a
 * field of another table's type. Duplicates and reserved names are dropped.
 */
export function answerToDrafts(answer: LlmAnswer): DraftTable[] {
  const tableNames = new Map<string, string>();
  for (const table of answer.tables.slice(0, MAX_TABLES)) {
    const name = pascal(table.name);
    if (name.length >= 2 && !RESERVED_TYPES.has(name.toLowerCase()) && !tableNames.has(name.toLowerCase())) {
      tableNames.set(name.toLowerCase(), name);
    }
  }

  const enums = new Map<string, EnumSpec>();
  for (const candidate of answer.enums ?? []) {
    const name = pascal(candidate.name).slice(0, MAX_ENUM_LENGTH);
    const values = [...new Set(candidate.values.map(constant))].filter((value) => /^[A-Z_]/.test(value));
    const key = name.toLowerCase();
    if (name.length < 2 || values.length === 0 || RESERVED_TYPES.has(key) || tableNames.has(key) || enums.has(key)) continue;
    enums.set(key, { enum: name, values });
  }

  const drafts: DraftTable[] = [];
  const seenTables = new Set<string>();
  for (const table of answer.tables.slice(0, MAX_TABLES)) {
    const name = tableNames.get(pascal(table.name).toLowerCase());
    if (!name || seenTables.has(name)) continue;
    seenTables.add(name);
    const fields: Record<string, FieldSpec> = {};
    const belongsTo = (table.belongsTo ?? []).map((parent) => tableNames.get(pascal(parent).toLowerCase()) ?? "");
    for (const field of (table.fields ?? []).slice(0, MAX_FIELDS)) {
      const fieldName = camel(field.name);
      const key = fieldName.toLowerCase();
      if (fieldName.length < 2 || RESERVED_FIELDS.has(key) || Object.keys(fields).some((known) => known.toLowerCase() === key)) continue;
      const typeKey = pascal(field.type).toLowerCase();
      const target = tableNames.get(typeKey);
      if (target) {
        belongsTo.push(target);
        continue;
      }
      fields[fieldName] = enums.get(typeKey) ?? withFlags(scalarType(field.type), field);
    }
    drafts.push({ name, fields, belongsTo: belongsTo.filter(Boolean) });
  }
  return drafts;
}

/** "int" → Integer, "string[]" or "List<Float>" → a list type; anything unknown is a String. */
function scalarType(written: string): ScalarType {
  const key = written.toLowerCase().replace(/[^a-z[\]]/g, "");
  const isList = key.endsWith("[]") || (key.startsWith("list") && key !== "list");
  const base = key.replace(/\[\]$/, "").replace(/^list/, "");
  const known = SCALAR_TYPES.find((fieldType) => fieldType.toLowerCase() === base) ?? TYPE_ALIASES[base] ?? "String";
  if (!isList) return known;
  return SCALAR_TYPES.find((fieldType) => fieldType === `List${known}`) ?? "ListString";
}

function withFlags(fieldType: ScalarType, field: { required?: boolean; unique?: boolean }): FieldSpec {
  const flags = [field.required ? " required" : "", field.unique ? " unique" : ""].join("");
  return `${fieldType}${flags}` as FieldSpec;
}
