import { addField, addObjectType, updateField } from "../model";
import { hasDirective, setDirective, withoutDirectives } from "../model/directives";
import { isUsersTable } from "../model/publishing";
import type { Field, ObjectType, SchemaModel } from "../model/types";

/**
 * Spec §5 'A user table must be set up at publish', the first step of the publish wizard. The
 * console previews the result; the server applies the same functions and saves what they give.
 */

export type UsersTableChoice =
  | { mode: "DEFAULT" }
  | { mode: "CUSTOM"; tableId: string; emailFieldId: string; passwordFieldId: string };

export type UsersTableProblem = "error_api_create_requires_usertype";

const USER_DIRECTIVES = ["userEmail", "userPassword"] as const;

/** The table the default option uses: the one with the users directive, else one called User, else none (a new User). */
export function defaultUsersTable(model: SchemaModel): ObjectType | null {
  return model.objectTypes.find(isUsersTable) ?? model.objectTypes.find((objectType) => objectType.name === "User") ?? null;
}

/** Fields a custom choice may use: neither read-only nor picked for the other role. */
const pickable = (field: Field, otherPick: string | null) => !field.readonly && field.id !== otherPick;

/** Email options: String or Email fields, excluding read-only ones and the password pick. */
export const emailFieldOptions = (objectType: ObjectType, passwordFieldId: string | null) =>
  objectType.fields.filter((field) => pickable(field, passwordFieldId) && (field.type === "String" || field.type === "Email"));

/** Password options: String fields, excluding read-only ones and the email pick. */
export const passwordFieldOptions = (objectType: ObjectType, emailFieldId: string | null) =>
  objectType.fields.filter((field) => pickable(field, emailFieldId) && field.type === "String");

/** Every table but `keepId` loses the users and user directives (spec: 'Choosing another table strips…'). */
function stripOtherTables(model: SchemaModel, keepId: string): SchemaModel {
  return {
    ...model,
    objectTypes: model.objectTypes.map((objectType) =>
      objectType.id === keepId
        ? objectType
        : {
            ...objectType,
            directives: withoutDirectives(objectType.directives, ["users"]),
            fields: objectType.fields.map((field) => ({ ...field, directives: withoutDirectives(field.directives, USER_DIRECTIVES) })),
          },
    ),
  };
}

/** Marks the email and password fields of the users table; other fields of it lose those directives. */
function markFields(model: SchemaModel, tableId: string, emailFieldId: string, passwordFieldId: string): SchemaModel {
  let next = model;
  const table = next.objectTypes.find((objectType) => objectType.id === tableId)!;
  for (const field of table.fields) {
    const directives = withoutDirectives(field.directives, USER_DIRECTIVES);
    if (field.id === emailFieldId) next = updateField(next, tableId, field.id, { type: "Email", directives: setDirective(directives, "userEmail", true) });
    else if (field.id === passwordFieldId) next = updateField(next, tableId, field.id, { type: "String", directives: setDirective(directives, "userPassword", true) });
    else if (directives.length !== field.directives.length) next = updateField(next, tableId, field.id, { directives });
  }
  return {
    ...next,
    objectTypes: next.objectTypes.map((objectType) =>
      objectType.id === tableId ? { ...objectType, directives: setDirective(objectType.directives, "users", true) } : objectType,
    ),
  };
}

/**
 * The default option: the users table, else User, else a new User; it keeps or adds an email
 * field (Email, userEmail) and a password field (String, userPassword).
 */
export function applyDefaultUsersTable(model: SchemaModel): SchemaModel {
  let next = model;
  let table = defaultUsersTable(next);
  if (!table) {
    const added = addObjectType(next, "User");
    next = added.model;
    table = next.objectTypes.find((objectType) => objectType.id === added.id)!;
  }
  const tableId = table.id;
  const marked = (name: "userEmail" | "userPassword") => table!.fields.find((field) => hasDirective(field.directives, name) && !field.readonly);
  const byName = (name: string) => table!.fields.find((field) => field.name === name && !field.readonly);

  let email = marked("userEmail") ?? byName("email");
  if (!email || (email.type !== "Email" && email.type !== "String")) {
    const added = addField(next, tableId, { name: freeName(table, "email"), type: "Email" });
    next = added.model;
    email = next.objectTypes.find((objectType) => objectType.id === tableId)!.fields.find((field) => field.id === added.id)!;
  }
  let password = marked("userPassword") ?? byName("password");
  if (!password || password.type !== "String" || password.id === email.id) {
    const current = next.objectTypes.find((objectType) => objectType.id === tableId)!;
    const added = addField(next, tableId, { name: freeName(current, "password"), type: "String" });
    next = added.model;
    password = next.objectTypes.find((objectType) => objectType.id === tableId)!.fields.find((field) => field.id === added.id)!;
  }
  return markFields(stripOtherTables(next, tableId), tableId, email.id, password.id);
}

/** `base`, or base2, base3… when a field of that name is already there (of another type). */
function freeName(table: ObjectType, base: string): string {
  const taken = new Set(table.fields.map((field) => field.name.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** The first of the custom choice's three picks that is missing or not among its options, or null. */
export function missingCustomUsersTablePick(
  model: SchemaModel,
  choice: Extract<UsersTableChoice, { mode: "CUSTOM" }>,
): "tableId" | "emailFieldId" | "passwordFieldId" | null {
  const table = model.objectTypes.find((objectType) => objectType.id === choice.tableId);
  if (!table) return "tableId";
  if (!emailFieldOptions(table, choice.passwordFieldId).some((field) => field.id === choice.emailFieldId)) return "emailFieldId";
  if (!passwordFieldOptions(table, choice.emailFieldId).some((field) => field.id === choice.passwordFieldId)) return "passwordFieldId";
  return null;
}

/** Why a custom choice cannot be applied, or null: a chosen table, an email and a password field among their options. */
export function customUsersTableProblem(model: SchemaModel, choice: Extract<UsersTableChoice, { mode: "CUSTOM" }>): UsersTableProblem | null {
  return missingCustomUsersTablePick(model, choice) ? "error_api_create_requires_usertype" : null;
}

/** The model with the choice applied, or the problem that refuses it (nothing changes then). */
export function applyUsersTableChoice(model: SchemaModel, choice: UsersTableChoice): { model: SchemaModel } | { problem: UsersTableProblem } {
  if (choice.mode === "DEFAULT") return { model: applyDefaultUsersTable(model) };
  const problem = customUsersTableProblem(model, choice);
  if (problem) return { problem };
  return { model: markFields(stripOtherTables(model, choice.tableId), choice.tableId, choice.emailFieldId, choice.passwordFieldId) };
}
