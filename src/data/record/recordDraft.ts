import { entryText, entryValueOf, typedTextProblem } from "../../domain/entryInput";
import type { Locale } from "../../domain/locale";
import { effectiveFieldType, isSystemField, requiredFlags, type EnumType, type Field, type ObjectType } from "../../domain/model";
import { entryInputProblem, type ValueProblem } from "../../domain/values";

/**
 * A record being edited: the saved values and the texts typed over them. What is sent follows
 * spec §5: "On create, id and read-only keys are excluded. On update, only changed fields plus
 * the mandatory update keys are sent."
 */
export interface RecordDraft {
  table: ObjectType;
  enums: readonly EnumType[];
  saved: Readonly<Record<string, unknown>>;
  typed: Readonly<Record<string, string>>;
  isNew: boolean;
  /** The locale the texts are typed in (decimal marks). */
  locale: Locale;
}

export const editableFields = (table: ObjectType) => table.fields.filter((field) => !isSystemField(field) && effectiveFieldType(field) !== null);

export function shownText(draft: RecordDraft, field: Field): string {
  const typed = draft.typed[field.name];
  return typed ?? entryText(field, draft.saved[field.name], draft.locale);
}

const valueOf = (draft: RecordDraft, field: Field) => entryValueOf(field, shownText(draft, field), draft.locale);

/** Equal as the form compares, so an untouched or retyped value is never "changed". */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs from the saved one. */
export const changedFields = (draft: RecordDraft) =>
  editableFields(draft.table).filter((field) => field.name in draft.typed && !sameValue(valueOf(draft, field), draft.saved[field.name]));

/** Spec §2: "Save/Cancel show only when the entry differs from the original, or is new." */
export const showsSaveCancel = (draft: RecordDraft) => draft.isNew || changedFields(draft).length > 0;

/** The values to send, and the first problem the server would refuse them with. */
export function draftInput(draft: RecordDraft): { input: Record<string, unknown>; problem: ValueProblem | null } {
  const input: Record<string, unknown> = {};
  const operation = draft.isNew ? "create" : "update";
  for (const field of editableFields(draft.table)) {
    const value = valueOf(draft, field);
    // A new record starts with every field null (spec §2): only what was typed is sent.
    const send = draft.isNew ? field.name in draft.typed && value !== null : changedFields(draft).includes(field) || requiredFlags(field).requiredOnUpdate;
    if (send) input[field.name] = value;
  }
  // A number the locale cannot read unambiguously is named as such, not as "not a number".
  const typedProblem = editableFields(draft.table)
    .filter((field) => field.name in draft.typed)
    .map((field) => typedTextProblem(field, draft.typed[field.name], draft.locale))
    .find((problem) => problem !== null);
  return { input, problem: typedProblem ?? entryInputProblem(draft.table, draft.enums, input, operation) };
}
