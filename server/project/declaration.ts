import {
  canEditPermissions,
  isUsersTable,
  normalizeModel,
  stripPermissionDirectives,
  validateModel,
  type ModelContext,
  type ModelProblem,
  type SchemaModel,
} from "../../src/domain/model";
import { parseModel } from "../../src/domain/model/parse";
import { canonicalModelJson } from "../../src/domain/model/canonical";
import { isPublished } from "../../src/domain/apiState";
import { refuse } from "../graphqlKit/errors";
import { messagesFor } from "../i18n";

type Checked = { model: SchemaModel } | { problem: ModelProblem };

/**
 * A declaration as it is stored: parsed, normalized (untyped fields dropped, flags collapsed…),
 * then checked against every model rule. Normalizing first means the rules judge what is kept.
 */
export function checkDeclarationValue(input: unknown, context?: ModelContext): Checked {
  const parsed = parseModel(input);
  if ("problem" in parsed) return parsed;
  const model = normalizeModel(parsed.model);
  const problem = validateModel(model, context);
  return problem ? { problem } : { model };
}

/**
 * updateApi's check: the model rules for the project's auth mode (the one the same call sets, if
 * any), and once published the users table stays as it is.
 */
export function checkDeclaration(text: string, current: { state: string; schema: string; authMode: string | null }): Checked {
  const checked = checkDeclarationValue(text, { authMode: current.authMode });
  if ("problem" in checked || !isPublished(current.state)) return checked;
  const previous = checkDeclarationValue(current.schema);
  if (!("model" in previous)) return checked;
  const problem = usersTableProblem(previous.model, checked.model);
  return problem ? { problem } : checked;
}

/** Spec §5: the users table cannot be edited, duplicated or deleted once published. */
function usersTableProblem(previous: SchemaModel, next: SchemaModel): ModelProblem | null {
  const usersTable = previous.objectTypes.find(isUsersTable);
  if (!usersTable) return null;
  const index = next.objectTypes.findIndex((objectType) => objectType.id === usersTable.id);
  if (index === -1) return { messageId: "error_model_users_table_locked", path: ["objectTypes"] };
  if (canonicalModelJson(next.objectTypes[index]) !== canonicalModelJson(usersTable))
    return { messageId: "error_model_users_table_locked", path: ["objectTypes", index] };
  return null;
}

/**
 * Spec §5 offers table permissions only with OIDC or user-pool auth, so switching to another auth
 * mode removes them from the stored declaration; null when nothing changes.
 */
export function declarationForAuthMode(schema: string, authMode: string | null): string | null {
  if (canEditPermissions(authMode)) return null;
  const parsed = parseModel(schema);
  if (!("model" in parsed)) return null;
  const stripped = JSON.stringify(stripPermissionDirectives(parsed.model));
  return stripped === JSON.stringify(parsed.model) ? null : stripped;
}

/** A generated model (AI start) is usable when it passes every rule and has a table. */
export function checkGeneratedModel(value: unknown): SchemaModel | null {
  const checked = checkDeclarationValue(value);
  return "model" in checked && checked.model.objectTypes.length > 0 ? checked.model : null;
}

/** BAD_USER_INPUT with the rule's message key; `path` and `values` say where and what. */
export function modelRefusal(problem: ModelProblem) {
  const template = messagesFor("en")[problem.messageId] ?? problem.messageId;
  const message = template.replace(/\{(\w+)\}/g, (match, name: string) => String(problem.values?.[name] ?? match));
  return refuse("BAD_USER_INPUT", problem.messageId, message, { path: problem.path, ...(problem.values ? { values: problem.values } : {}) });
}
