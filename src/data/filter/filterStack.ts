import type { FilterOperator } from "../../domain/filters";

/**
 * The filter dropdown's three-step stack (spec §2 "Filter dropdown"): field, then operator,
 * then value. Going back clears the later step, so a value typed for one operator is never
 * applied with another.
 */
export type FilterStack =
  | { step: "field" }
  | { step: "operator"; field: string }
  | { step: "value"; field: string; operator: FilterOperator; text: string };

export const EMPTY_STACK: FilterStack = { step: "field" };

export const chooseField = (field: string): FilterStack => ({ step: "operator", field });

export const chooseOperator = (stack: FilterStack, operator: FilterOperator, initialText = ""): FilterStack =>
  stack.step === "operator" ? { step: "value", field: stack.field, operator, text: initialText } : stack;

export const typeValue = (stack: FilterStack, text: string): FilterStack => (stack.step === "value" ? { ...stack, text } : stack);

export function back(stack: FilterStack): FilterStack {
  if (stack.step === "value") return { step: "operator", field: stack.field };
  return EMPTY_STACK;
}
