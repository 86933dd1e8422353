import { type } from "arktype";
import type { FieldType } from "../../src/domain/model";
import { allowsOperator, filterExpression, filterKind, operandOf, type FilterCondition, type FilterExpression, type FilterOperator } from "../../src/domain/filters";
import type { AppPageView, ChatPlan } from "../../src/domain/apps";

/**
 * How a chatbot view answers a question: a plan — the list filter the page then runs with the
 * user's own token, and what it looked for. The server never reads the data for it, so an
 * answer can hold no row the user's token may not read.
 */

/** Most words of a question the built-in search looks for (each costs a condition per field). */
const MAX_SEARCH_WORDS = 5;
export const MAX_QUESTION_CHARS = 500;

/** Words that say nothing about which entries are meant (en and de, the page's languages). */
const STOP_WORDS = new Set(
  (
    "a an and any are as at be by can do does for from have how i in is it me my of on or show the their there these this to was what when where which who with all list find give tell " +
    "about many much some get see want need please our your you we they them are were has had " +
    "der die das ein eine einen einem und oder ist sind zu zum zur von mit für wer was wie wo welche welcher welches zeige zeig mir mich alle gib gibt es im in am an auf aus bei den dem des ich du wir ihr sie nach über unter haben hat habe bitte"
  ).split(" "),
);

/** The view's fields a text search can look in: text fields that are not lists. */
export function searchableFields(view: AppPageView): string[] {
  const byName = new Map((view.table?.fields ?? []).map((field) => [field.name, field]));
  return view.fields.filter((name) => {
    const field = byName.get(name);
    return field && !field.isList && filterKind(field.kind as FieldType) === "text";
  });
}

/** The question's search words: letters and digits, lower-cased, no stop words, at most five, each once. */
export function searchWords(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The built-in search: entries whose searchable fields contain any of the question's words (as
 * typed in lower case or capitalized: the endpoint's `contains` is case-sensitive), and a plan
 * that says so. No words, or no field to look in, is an honest "nothing to search for".
 */
export function searchPlan(view: AppPageView, question: string): ChatPlan {
  const fields = searchableFields(view);
  const words = searchWords(question);
  if (words.length === 0 || fields.length === 0) return { source: "search", filter: null, words, fields, explanation: null, searched: false };
  const variants = words.flatMap((word) => (capitalized(word) === word ? [word] : [word, capitalized(word)]));
  const filter: FilterExpression = { or: fields.flatMap((field) => variants.map((value) => ({ [field]: { contains: value } }))) } as unknown as FilterExpression;
  return { source: "search", filter, words, fields, explanation: null, searched: true };
}

/** What the language model must answer: conditions on the view's fields and a short explanation. */
export const LlmPlan = type({
  conditions: type({ field: "string", operator: "string", value: "string | number | boolean" }).array().atMostLength(10),
  "explanation?": "string",
});

export function llmInstructions(view: AppPageView): string {
  const fields = (view.table?.fields ?? []).filter((field) => view.fields.includes(field.name));
  return [
    `You turn a question about the table "${view.table?.name}" into a filter. Answer with JSON only: {"conditions":[{"field":…,"operator":…,"value":…}],"explanation":"…"}.`,
    `Conditions combine with and. Operators: eq, ne, lt, le, gt, ge, beginsWith, contains, notContains, attributeExists. Text comparisons are case-sensitive.`,
    `Fields: ${fields.map((field) => `${field.name} (${field.kind}${field.enumValues ? `: ${field.enumValues.join(", ")}` : ""})`).join("; ")}.`,
    `No conditions means all entries. The explanation says in one sentence, in the question's language, what the filter selects.`,
  ].join("\n");
}

/**
 * The model's answer as a plan, or null when a condition names a field the view does not show or
 * an operator or value the field's type does not take (the caller then falls back to the search).
 */
export function planFromLlm(view: AppPageView, answer: typeof LlmPlan.infer): ChatPlan | null {
  const byName = new Map((view.table?.fields ?? []).filter((field) => view.fields.includes(field.name)).map((field) => [field.name, field]));
  const conditions: FilterCondition[] = [];
  for (const condition of answer.conditions) {
    const field = byName.get(condition.field);
    if (!field || !allowsOperator(field.kind as FieldType, condition.operator)) return null;
    const operand = operandOf(field.kind as FieldType, condition.operator as FilterOperator);
    const fits = operand === "Boolean" ? typeof condition.value === "boolean" : operand === "String" ? typeof condition.value === "string" : typeof condition.value === "number" && Number.isFinite(condition.value) && (operand === "Float" || Number.isInteger(condition.value));
    if (!fits) return null;
    conditions.push({ field: condition.field, operator: condition.operator as FilterOperator, value: condition.value });
  }
  return { source: "llm", filter: filterExpression(conditions), words: [], fields: [...new Set(conditions.map((condition) => condition.field))], explanation: answer.explanation?.slice(0, 300) ?? null, searched: true };
}
