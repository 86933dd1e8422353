import { fieldTypeDefinition } from "./fields";
import {
  effectiveFieldType,
  isReservedFieldName,
  isSystemField,
  isValidName,
  NAME_MIN_LENGTH,
  type FieldType,
  type ObjectType,
  type SchemaModel,
} from "./model";
import { hasDirective } from "./model/directives";

/**
 * CSV import rules of spec §5 'CSV import', shared by the import dialog's preview and the
 * server's import: which file is a CSV, how each header column maps to the table, and how a
 * cell's text becomes a value that src/domain/values.ts then checks like any other input.
 */

/** Spec §5 'Only .csv files are accepted.' */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());

/** Spec §5 'The separator is comma (default) or semicolon.' */
export const CSV_SEPARATORS = [",", ";"] as const;

/**
 * How often the console asks a running import for its progress: often enough that 'done' shows
 * within a quarter second (the bench polls the same way), rarely enough to cost the import nothing.
 */
export const IMPORT_POLL_MS = 250;

/** The upload limit; a larger file is refused before it is stored (413). */
export const CSV_MAX_BYTES = 100 * 1024 * 1024;

/**
 * The header line must end within the file's first bytes (what the server reads it from); a
 * longer one is refused, by the dialog's preview too, rather than cut short.
 */
export const CSV_HEADER_MAX_BYTES = 64 * 1024;

/**
 * The most characters one row of a file may hold. It keeps the import's memory bounded when a
 * quote is left open and the rest of the file runs into one cell; a real row is far shorter
 * (a text value holds at most 65,536 characters).
 */
export const CSV_ROW_MAX_CHARS = 4 * 1024 * 1024;

/** Whether a header, as the dialog's preview parsed it, is longer than the server reads. */
export function isHeaderTooLong(header: readonly string[], separator: string): boolean {
  return new TextEncoder().encode(header.join(separator)).length >= CSV_HEADER_MAX_BYTES;
}

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection": it begins with =, +, -,
 * @, TAB or CR). A cell that is a number as a whole (-5, +1.5) is a number to the spreadsheet
 * too, so it is left alone.
 */
export function isFormulaLike(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text) && !(text.trim() !== "" && Number.isFinite(Number(text)));
}

/** A cell as the export writes it: a formula-like text gets a leading ' so it stays text. */
export const neutralisedCell = (text: string) => (isFormulaLike(text) ? `'${text}` : text);

/** Papa.unparse's `quotes`: a neutralised cell is always quoted, as OWASP recommends. */
export const quoteNeutralised = (value: unknown) => typeof value === "string" && /^'[=+\-@\t\r]/.test(value);

/** What the import does with one header column. */
export type ColumnPlan =
  /** Written to an existing field, or to the parent link of that name (`authorId`). */
  | { column: string; kind: "field"; field: string }
  /** An unknown column the user opted in: added to the table as a String field (spec §5). */
  | { column: string; kind: "create"; field: string }
  /** Not imported: read-only and reserved columns are forbidden (spec §5), unknown ones not opted in. */
  | { column: string; kind: "skip"; reason: "readonly" | "reserved" | "unknown" };

export interface ColumnProblem {
  messageId: string;
  column: string;
  values?: Record<string, string | number>;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The parent links a table's entries take as input (`<parent>Id`, as the project API names them). */
export function parentColumns(model: SchemaModel, table: ObjectType): { column: string; slot: "first" | "second" }[] {
  return (["first", "second"] as const).flatMap((slot) => {
    const parent = model.objectTypes.find((candidate) => candidate.id === table.parents[slot]?.parentId);
    return parent ? [{ column: `${lowerFirst(parent.name)}Id`, slot }] : [];
  });
}

/**
 * Maps the header to the table. A column that names a field (or a parent link) fills it; id,
 * createdAt and updatedAt are skipped, so a file exported from the table imports again; reserved
 * names (spec §3) and unknown columns are skipped unless opted in — opting in a forbidden or
 * invalid name, or a column named twice, is the problem that refuses the import.
 */
export function planColumns(
  header: readonly string[],
  model: SchemaModel,
  table: ObjectType,
  optIn: readonly string[],
): { columns: ColumnPlan[]; problem: ColumnProblem | null } {
  const fields = new Map(table.fields.map((field) => [field.name, field]));
  const parents = new Set(parentColumns(model, table).map((parent) => parent.column));
  const wanted = new Set(optIn);
  const seen = new Set<string>();
  let problem: ColumnProblem | null = null;
  const columns = header.map((raw): ColumnPlan => {
    const column = raw.trim();
    if (seen.has(column) && !problem) problem = { messageId: "error_csv_duplicate_column", column };
    seen.add(column);
    const field = fields.get(column);
    // A users table's password is never written as text: only the project API turns it into a verifier.
    if (field && (isSystemField(field) || hasDirective(field.directives, "userPassword"))) {
      if (wanted.has(column) && !problem) problem = { messageId: "form_feedback_reserved_field_name", column };
      return { column, kind: "skip", reason: "readonly" };
    }
    if (field || parents.has(column)) return { column, kind: "field", field: column };
    if (isReservedFieldName(column)) {
      if (wanted.has(column) && !problem) problem = { messageId: "form_feedback_reserved_field_name", column };
      return { column, kind: "skip", reason: "reserved" };
    }
    if (!wanted.has(column)) return { column, kind: "skip", reason: "unknown" };
    if ((!isValidName(column) || column.length < NAME_MIN_LENGTH) && !problem) {
      problem = { messageId: "error_csv_column_name", column, values: { min: NAME_MIN_LENGTH } };
    }
    return { column, kind: "create", field: column };
  });
  return { columns, problem };
}

/** The columns a user may opt in: unknown ones; forbidden ones never. */
export const canOptIn = (plan: ColumnPlan) => plan.kind === "create" || (plan.kind === "skip" && plan.reason === "unknown");

/**
 * A cell's text as the value the field takes (spec §5 'Number, Float and Timestamp are converted
 * to numbers'), by the field type's CSV conversion: a file is machine text, so numbers have a '.'
 * decimal mark whatever the console's language (docs/DECISIONS.md). An empty cell is no value.
 * Text that does not convert stays text, so the value rules refuse it with the field's own message.
 */
export function cellValue(fieldType: FieldType | null, text: string): unknown {
  if (text === "") return null;
  return fieldType ? fieldTypeDefinition(fieldType).fromCsv(text) : text;
}

/** The type a planned column's cells convert to: the field's, String for a created one. */
export function columnFieldType(table: ObjectType, plan: ColumnPlan): FieldType | null {
  if (plan.kind === "create") return "String";
  if (plan.kind !== "field") return null;
  const field = table.fields.find((candidate) => candidate.name === plan.field);
  return field ? effectiveFieldType(field) : null;
}
