import { type } from "arktype";
import type { FieldType } from "../../src/domain/model";
import { allowsOperator, filterExpression, filterKind, operandOf, type FilterCondition, type FilterOperator } from "../../src/domain/filters";
import { MAX_SEARCH_WORDS, MAX_SEARCH_WORD_CHARS, wordSearchFilter, type AppPageChatTable, type ChatPlan } from "../../src/domain/apps";

/**
 * How a chatbot view answers a question: a plan — the list filter the page then runs with the
 * user's own token, and what it looked for. The server never reads the data for it, so an
 * answer can hold no row the user's token may not read.
 */

export const MAX_QUESTION_CHARS = 500;

/** Words that say nothing about which entries are meant (en and de, the page's languages). */
const STOP_WORDS = new Set(
  (
    "a an and any are as at be by can do does for from have how i in is it me my of on or show the their there these this to was what when where which who with all list find give tell " +
    "about many much some get see want need please our your you we they them are were has had " +
    "der die das ein eine einen einem und oder ist sind zu zum zur von mit für wer was wie wo welche welcher welches zeige zeig mir mich alle gib gibt es im in am an auf aus bei den dem des ich du wir ihr sie nach über unter haben hat habe bitte"
  ).split(" "),
);

/** The table's chosen fields a text search can look in: text fields that are not lists. */
export function searchableFields(chat: AppPageChatTable): string[] {
  const byName = new Map(chat.table.fields.map((field) => [field.name, field]));
  return chat.fields.filter((name) => {
    const field = byName.get(name);
    return field && !field.isList && filterKind(field.kind as FieldType) === "text";
  });
}

/** The question's search words: letters and digits, lower-cased, no stop words, at most five, each once. */
export function searchWords(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && word.length <= MAX_SEARCH_WORD_CHARS && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** A word names a table when it is the table's name in any case, or its plural with -s or -es. */
const namesTable = (word: string, table: string) => {
  const name = table.toLowerCase();
  return word === name || word === `${name}s` || word === `${name}es`;
};

/**
 * The built-in search over a chatbot's tables. A question that names tables ("orders with
 * lamp") is about those tables only, and their names are not searched for; otherwise every
 * table is searched. Each table's plan: entries whose searchable fields contain any of the
 * words (as typed in lower case or capitalized: the endpoint's `contains` is case-sensitive).
 */
export function searchPlans(tables: AppPageChatTable[], question: string): ChatPlan[] {
  const allWords = searchWords(question);
  const named = tables.filter((chat) => allWords.some((word) => namesTable(word, chat.table.name)));
  const planned = named.length > 0 ? named : tables;
  const words = allWords.filter((word) => !named.some((chat) => namesTable(word, chat.table.name)));
  return planned.map((chat) => searchPlan(chat, words));
}

/** One table's search plan; no words, or no field to look in, is an honest "nothing to search for". */
function searchPlan(chat: AppPageChatTable, words: string[]): ChatPlan {
  const fields = searchableFields(chat);
  const table = chat.table.name;
  if (words.length === 0 || fields.length === 0) return { table, source: "search", filter: null, words, fields, explanation: null, searched: false };
  return { table, source: "search", filter: wordSearchFilter(fields, words), words, fields, explanation: null, searched: true };
}

const LlmTablePlan = type({
  "table?": "string",
  conditions: type({ field: "string", operator: "string", value: "string | number | boolean" }).array().atMostLength(10),
  "explanation?": "string",
});
/** What the language model must answer: per table it chose, conditions on its fields and a short explanation (one plan alone is taken as the first table's). */
export const LlmPlan = type({ plans: LlmTablePlan.array().atLeastLength(1).atMostLength(5) }).or(LlmTablePlan);

export function llmInstructions(tables: AppPageChatTable[]): string {
  const describe = (chat: AppPageChatTable) =>
    `Table "${chat.table.name}": ${chosenFields(chat)
      .map((field) => `${field.name} (${field.kind}${field.enumValues ? `: ${field.enumValues.join(", ")}` : ""})`)
      .join("; ")}.`;
  return [
    `You turn a question into filters on the tables it is about. Answer with JSON only: {"plans":[{"table":…,"conditions":[{"field":…,"operator":…,"value":…}],"explanation":"…"}]}, one plan per table the question is about.`,
    `Conditions combine with and. Operators: eq, ne, lt, le, gt, ge, beginsWith, contains, notContains, attributeExists. Text comparisons are case-sensitive.`,
    ...tables.map(describe),
    `No conditions means all entries. The explanation says in one sentence, in the question's language, what the filter selects.`,
  ].join("\n");
}

const chosenFields = (chat: AppPageChatTable) => chat.table.fields.filter((field) => chat.fields.includes(field.name));

/**
 * The model's answer as plans, or null when it names a table the view does not answer from, a
 * field the table's chat does not show, or an operator or value the field's type does not take
 * (the caller then falls back to the search).
 */
export function plansFromLlm(tables: AppPageChatTable[], answer: typeof LlmPlan.infer): ChatPlan[] | null {
  const plans = "plans" in answer ? answer.plans : [answer];
  const byTable = new Map(tables.map((chat) => [chat.table.name, chat]));
  const result: ChatPlan[] = [];
  for (const planned of plans) {
    const chat = planned.table === undefined ? tables[0] : byTable.get(planned.table);
    const plan = chat && planFromLlm(chat, planned);
    if (!plan || result.some((other) => other.table === plan.table)) return null;
    result.push(plan);
  }
  return result;
}

function planFromLlm(chat: AppPageChatTable, answer: typeof LlmTablePlan.infer): ChatPlan | null {
  const byName = new Map(chosenFields(chat).map((field) => [field.name, field]));
  const conditions: FilterCondition[] = [];
  for (const condition of answer.conditions) {
    const field = byName.get(condition.field);
    if (!field || !allowsOperator(field.kind as FieldType, condition.operator)) return null;
    const operand = operandOf(field.kind as FieldType, condition.operator as FilterOperator);
    const fits = operand === "Boolean" ? typeof condition.value === "boolean" : operand === "String" ? typeof condition.value === "string" : typeof condition.value === "number" && Number.isFinite(condition.value) && (operand === "Float" || Number.isInteger(condition.value));
    if (!fits) return null;
    conditions.push({ field: condition.field, operator: condition.operator as FilterOperator, value: condition.value });
  }
  return { table: chat.table.name, source: "llm", filter: filterExpression(conditions), conditions, words: [], fields: [...new Set(conditions.map((condition) => condition.field))], explanation: answer.explanation?.slice(0, 300) ?? null, searched: true };
}
