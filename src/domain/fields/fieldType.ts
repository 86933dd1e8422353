import type { FilterKind, FilterOperand } from "../filters";
import type { ValueCheck } from "./checks";
import type { EntryText } from "./entryText";

/** The groups of the model editor's field type select (spec §3 "Groups"). */
export type FieldTypeGroup = "base" | "baseList" | "complex" | "datetime" | "enumeration";

/** How a value is typed: the input the console shows for it (grid cell, record form). */
export type EntryInputKind = "text" | "integer" | "number" | "boolean" | "enum" | "date" | "datetime" | "time" | "timestamp" | "email" | "phone" | "url" | "json" | "list";

/**
 * Everything Baukasten knows about one field type, read by the console (type select, grid,
 * record form, filters) and by the server (project schema, value checks, CSV import). Labels
 * are the messages `model.fieldType.<type>`.
 */
export interface FieldTypeDefinition {
  group: FieldTypeGroup;
  input: EntryInputKind;
  /** Typed text ⇄ value, per locale. */
  text: EntryText;
  /** The check of spec §5; for a list, of each element. */
  check: ValueCheck;
  /** A list's elements are of this scalar type. */
  list?: boolean;
  /** The GraphQL type of a value in the project API, without `!` (an Enum field gets its enum's name). */
  graphqlType: string;
  /** Which filter operators apply (src/domain/filters.ts) and the scalar their operand is. */
  filter: FilterKind;
  operand: FilterOperand;
  /** Whether the field may be a sort field (spec §5). */
  sortable: boolean;
  /** A CSV cell's text as the value (machine text: '.' decimal, lists as JSON arrays); text that does not convert stays text. */
  fromCsv(text: string): unknown;
}
