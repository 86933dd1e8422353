import type { FieldType } from "./names";
import { CHECKS } from "./checks";
import { parseMachineNumber } from "./decimal";
import {
  booleanText,
  dateTimeText,
  emailText,
  integerText,
  listText,
  numberText,
  optionalText,
  phoneText,
  plainText,
  timestampText,
} from "./entryText";
import type { FieldTypeDefinition } from "./fieldType";

const csvText = (text: string): unknown => text;
const csvNumber = (text: string): unknown => parseMachineNumber(text) ?? text;
const csvBoolean = (text: string): unknown => {
  const lower = text.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : text;
};
/** Lists are JSON arrays in a CSV file, as the export writes them. */
const csvList = (text: string): unknown => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
};

const text = { group: "complex", input: "text", text: optionalText, graphqlType: "String", filter: "text", operand: "String", sortable: true, fromCsv: csvText } as const;
const list = { group: "baseList", input: "list", list: true, filter: "list", sortable: false, fromCsv: csvList } as const;

/**
 * The field types (spec §3 "Field types"), one entry each: adding a type is adding its entry
 * here (and its name to FIELD_TYPES); the type checker then asks for every part.
 */
export const FIELD_TYPE_DEFINITIONS: Record<FieldType, FieldTypeDefinition> = {
  Boolean: { ...text, group: "base", input: "boolean", text: booleanText, check: CHECKS.boolean, graphqlType: "Boolean", filter: "boolean", operand: "Boolean", fromCsv: csvBoolean },
  Float: { ...text, group: "base", input: "number", text: numberText, check: CHECKS.float, graphqlType: "Float", filter: "number", operand: "Float", fromCsv: csvNumber },
  ID: { ...text, group: "base", check: CHECKS.id, graphqlType: "ID" },
  Integer: { ...text, group: "base", input: "integer", text: integerText, check: CHECKS.integer, graphqlType: "Int", filter: "number", operand: "Int", fromCsv: csvNumber },
  String: { ...text, group: "base", text: plainText, check: CHECKS.text },
  ListBoolean: { ...list, text: listText(booleanText), check: CHECKS.boolean, graphqlType: "[Boolean!]", operand: "Boolean" },
  ListFloat: { ...list, text: listText(numberText), check: CHECKS.float, graphqlType: "[Float!]", operand: "Float" },
  ListId: { ...list, text: listText(optionalText), check: CHECKS.id, graphqlType: "[ID!]", operand: "String" },
  ListInteger: { ...list, text: listText(integerText), check: CHECKS.integer, graphqlType: "[Int!]", operand: "Int" },
  ListString: { ...list, text: listText(plainText), check: CHECKS.text, graphqlType: "[String!]", operand: "String" },
  Email: { ...text, input: "email", text: emailText, check: CHECKS.email },
  IpAddress: { ...text, check: CHECKS.ipAddress },
  /** JSON travels as text (spec §5 "Json strings are parsed"); free-form, so only its presence can be filtered. */
  Json: { ...text, input: "json", check: CHECKS.json, filter: "presence", sortable: false },
  Phone: { ...text, input: "phone", text: phoneText, check: CHECKS.phone },
  Url: { ...text, input: "url", check: CHECKS.url },
  /** A String with @dynamic (spec §5): any text, not sortable. */
  Dynamic: { ...text, text: plainText, check: CHECKS.text, sortable: false },
  Date: { ...text, group: "datetime", input: "date", check: CHECKS.date },
  DateTime: { ...text, group: "datetime", input: "datetime", text: dateTimeText, check: CHECKS.dateTime },
  Time: { ...text, group: "datetime", input: "time", check: CHECKS.time },
  /** Seconds since the epoch exceed GraphQL's 32-bit Int. */
  Timestamp: { ...text, group: "datetime", input: "timestamp", text: timestampText, check: CHECKS.timestamp, graphqlType: "Float", filter: "number", operand: "Float", fromCsv: csvNumber },
  /** An enum value is one of a few names: equal or not. */
  Enum: { ...text, group: "enumeration", input: "enum", check: CHECKS.enum, filter: "choice" },
};

export const fieldTypeDefinition = (fieldType: FieldType): FieldTypeDefinition => FIELD_TYPE_DEFINITIONS[fieldType];
