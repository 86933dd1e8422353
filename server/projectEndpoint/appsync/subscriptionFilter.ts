import type { Filter } from "../entries/filters";

/**
 * Amplify's subscription filter (`onCreateTodo(filter: ModelSubscriptionTodoFilterInput)`)
 * matched against each event's entry, as AppSync filters events before sending them: fields
 * combine with and, `and`/`or` nest. A comparison matches only a value of the operand's kind.
 */
export function matchesSubscriptionFilter(filter: Filter, entry: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    if (key === "and" && !(value as Filter[]).every((part) => matchesSubscriptionFilter(part, entry))) return false;
    if (key === "or" && (value as Filter[]).length > 0 && !(value as Filter[]).some((part) => matchesSubscriptionFilter(part, entry))) return false;
    if (key === "not" && matchesSubscriptionFilter(value as Filter, entry)) return false;
    if (key === "and" || key === "or" || key === "not") continue;
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      if (operand === null || operand === undefined) continue;
      if (!matches(entry[key], operator, operand)) return false;
    }
  }
  return true;
}

const sameKind = (a: unknown, b: unknown) => a !== null && a !== undefined && typeof a === typeof b;

function matches(value: unknown, operator: string, operand: unknown): boolean {
  switch (operator) {
    case "eq":
      return value === operand;
    case "ne":
      return value !== operand;
    case "lt":
      return sameKind(value, operand) && (value as number) < (operand as number);
    case "le":
      return sameKind(value, operand) && (value as number) <= (operand as number);
    case "gt":
      return sameKind(value, operand) && (value as number) > (operand as number);
    case "ge":
      return sameKind(value, operand) && (value as number) >= (operand as number);
    case "between": {
      const [low, high] = operand as unknown[];
      return matches(value, "ge", low) && matches(value, "le", high);
    }
    case "beginsWith":
      return typeof value === "string" && value.startsWith(String(operand));
    case "contains":
      return Array.isArray(value) ? value.includes(operand) : typeof value === "string" && value.includes(String(operand));
    case "notContains":
      return !matches(value, "contains", operand);
    case "in":
      return (operand as unknown[]).includes(value);
    case "notIn":
      return !(operand as unknown[]).includes(value);
    default:
      return false;
  }
}
