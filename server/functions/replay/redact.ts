import { hasDirective } from "../../../src/domain/model/directives";
import type { ObjectType } from "../../../src/domain/model";

export const REDACTED = "[redacted]";

/** A table's password fields: the users table's userPassword field, and any field named like a password. */
export function passwordFieldNames(table: ObjectType): Set<string> {
  return new Set(table.fields.filter((field) => hasDirective(field.directives, "userPassword") || /password/i.test(field.name)).map((field) => field.name));
}

/**
 * The event with every value under a password field's name replaced, at any depth (an input,
 * a batch's list, a result's items), so a kept event never holds a password. One pass over it.
 */
export function redactPasswords(value: unknown, names: Set<string>): unknown {
  if (names.size === 0 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactPasswords(item, names));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, names.has(key) && item !== null && item !== undefined ? REDACTED : redactPasswords(item, names)]));
}
