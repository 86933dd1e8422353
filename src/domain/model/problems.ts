import { connectionProblems } from "./connections";
import { hasDirective } from "./directives";
import { canSortBy, isSystemField } from "./fieldKinds";
import {
  ENUM_NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  READONLY_FIELD_NAMES,
  TRIGGER_NAME_MIN_LENGTH,
  isReservedFieldName,
  isReservedTypeName,
  isValidName,
} from "./names";
import { MODEL_LIMITS, countProblems, limitProblem, overLimit } from "./limits";
import { nameCollisionProblems } from "./nameCollisions";
import { canEditPermissions, isUsersTable, TABLE_PERMISSIONS } from "./publishing";
import { isRequiredAnywhere } from "./required";
import { groupArgsProblem, MAX_ACCESS_GROUPS, MAX_GROUP_NAME_LENGTH } from "./tableAccess";
import type { Field, ModelProblem, ObjectType, SchemaModel } from "./types";

type Path = (string | number)[];

const problem = (messageId: string, path: Path, values?: ModelProblem["values"]): ModelProblem =>
  values ? { messageId, path, values } : { messageId, path };

/** Table and enum names share GraphQL's namespace, so `taken` holds both (lowercased). */
function typeNameProblem(name: string, path: Path, taken: Set<string>, maxLength?: number): ModelProblem | null {
  const duplicate = taken.has(name.toLowerCase());
  taken.add(name.toLowerCase());
  if (name.length < NAME_MIN_LENGTH) return problem("form_feedback_name_minlength", path, { min: NAME_MIN_LENGTH });
  if (maxLength !== undefined && name.length > maxLength) {
    return problem("form_feedback_name_maxlength", path, { max: maxLength });
  }
  if (!isValidName(name)) return problem("form_feedback_name_pattern", path);
  if (isReservedTypeName(name)) return problem("form_feedback_type_name_reserved", path);
  if (duplicate) return problem("form_feedback_type_name_uniq", path);
  return null;
}

/** GraphQL's literals: a sort field's name becomes an enum value, which cannot be one of them. */
const isGraphqlKeyword = (name: string) => name === "true" || name === "false" || name === "null";

/** Field names: more than 1 character, unique in the table (case-insensitive), not reserved. */
function fieldNameProblem(field: Field, path: Path, taken: Set<string>): ModelProblem | null {
  const duplicate = taken.has(field.name.toLowerCase());
  taken.add(field.name.toLowerCase());
  if (field.name.length < NAME_MIN_LENGTH) {
    return problem("form_feedback_field_name", path, { min: NAME_MIN_LENGTH });
  }
  if (overLimit("nameLength", field.name)) return limitProblem("nameLength", path);
  if (!isValidName(field.name)) return problem("form_feedback_name_pattern", path);
  if (!isSystemField(field) && (isReservedFieldName(field.name) || isGraphqlKeyword(field.name))) {
    return problem("form_feedback_reserved_field_name", path);
  }
  if (duplicate) return problem("form_feedback_field_name", path, { min: NAME_MIN_LENGTH });
  return null;
}

function fieldProblems(model: SchemaModel, objectType: ObjectType, typePath: Path): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const enumIds = new Set(model.enumTypes.map((enumType) => enumType.id));
  const names = new Set<string>();
  objectType.fields.forEach((field, index) => {
    // Untyped fields are dropped on save, so nothing about them can be wrong.
    if (field.type == null) return;
    const path = [...typePath, "fields", index];
    const nameProblem = fieldNameProblem(field, [...path, "name"], names);
    if (nameProblem) problems.push(nameProblem);
    if (field.type === "Enum" && !(field.typeId && enumIds.has(field.typeId))) {
      problems.push(problem("form_feedback_enum_required", [...path, "typeId"]));
    }
    if (field.readonly && isRequiredAnywhere(field)) {
      problems.push(problem("form_feedback_required_readonly", [...path, "directives"]));
    }
    if (hasDirective(field.directives, "sortBy") && !canSortBy(field)) {
      problems.push(problem("form_feedback_sort_field_invalid", [...path, "directives"]));
    }
    if (isSystemField(field) && field.type !== SYSTEM_FIELD_TYPES[field.name]) {
      const values = { field: field.name, type: SYSTEM_FIELD_TYPES[field.name] };
      problems.push(problem("error_model_system_field_type", [...path, "type"], values));
    }
    // Spec §5: "A dynamic field is stored as a string with the dynamic directive."
    if (hasDirective(field.directives, "dynamic") && field.type !== "String") {
      problems.push(problem("error_model_dynamic_string", [...path, "directives"]));
    }
    if (field.label != null && overLimit("labelLength", field.label)) {
      problems.push(limitProblem("labelLength", [...path, "label"]));
    }
  });
  for (const name of READONLY_FIELD_NAMES) {
    if (!objectType.fields.some((field) => field.type != null && isSystemField(field) && field.name === name)) {
      problems.push(problem("error_model_system_fields", [...typePath, "fields"], { field: name }));
    }
  }
  return problems;
}

/** The connector is one field (id by default) and must exist. */
function connectorProblems(objectType: ObjectType, typePath: Path): ModelProblem[] {
  const typed = objectType.fields.filter((field) => field.type != null);
  const connectors = typed.filter((field) => hasDirective(field.directives, "connector"));
  const problems: ModelProblem[] = connectors
    .slice(1)
    .map((field) =>
      problem("form_feedback_connector_field", [...typePath, "fields", objectType.fields.indexOf(field), "directives"]),
    );
  const name = connectors[0]?.name ?? objectType.connectorFieldName ?? "id";
  if (!typed.some((field) => field.name === name)) {
    problems.push(problem("form_feedback_connector_field", [...typePath, "connectorFieldName"]));
  }
  return problems;
}

/** Spec §3: id is an ID, createdAt and updatedAt are strings. */
const SYSTEM_FIELD_TYPES = { id: "ID", createdAt: "String", updatedAt: "String" } as const;

/** What the rules need to know about the project beyond its declaration. */
export interface ModelContext {
  /** The project's auth mode: table permissions exist only where it allows editing them. */
  authMode: string | null;
}

/**
 * Spec §5: "Permissions editing is only offered when the auth mode is AWS OIDC or AWS Cognito
 * user pools" — so elsewhere a table carries no permission directives (the same rule the
 * editor's canEditPermissions applies).
 */
function permissionProblems(objectType: ObjectType, typePath: Path, context: ModelContext): ModelProblem[] {
  if (canEditPermissions(context.authMode)) return [];
  const index = objectType.directives.findIndex((directive) =>
    (TABLE_PERMISSIONS as readonly string[]).includes(directive.name),
  );
  return index === -1 ? [] : [problem("error_model_permissions_auth_mode", [...typePath, "directives", index])];
}

/** The group directive names its groups and operations in a shape the project API can check. */
function groupProblems(objectType: ObjectType, typePath: Path): ModelProblem[] {
  return objectType.directives.flatMap((directive, index) => {
    if (directive.name !== "group" || !groupArgsProblem(directive)) return [];
    return [problem("form_feedback_access_groups", [...typePath, "directives", index], { max: MAX_ACCESS_GROUPS, length: MAX_GROUP_NAME_LENGTH })];
  });
}

const DATA_CHANGES: readonly string[] = ["create", "update", "delete"];

/** Triggers: a name of at least 3 characters and at least one data change (create, update or delete). */
function resolverProblems(objectType: ObjectType, typePath: Path): ModelProblem[] {
  return objectType.resolvers.flatMap((resolver, index) => {
    const path = [...typePath, "resolvers", index];
    const problems: ModelProblem[] = [];
    if (resolver.name.trim().length < TRIGGER_NAME_MIN_LENGTH) {
      const values = { min: TRIGGER_NAME_MIN_LENGTH };
      problems.push(problem("form_feedback_trigger_name_minlength", [...path, "name"], values));
    } else if (overLimit("nameLength", resolver.name)) problems.push(limitProblem("nameLength", [...path, "name"]));
    if (resolver.types.length === 0) problems.push(problem("form_feedback_trigger_types_required", [...path, "types"]));
    else if (!resolver.types.some((type) => DATA_CHANGES.includes(type)))
      problems.push(problem("form_feedback_trigger_data_change_required", [...path, "types"]));
    return problems;
  });
}

/** Enum values: trimmed, non-empty, at most 64, not starting with a digit, unique in the enum. */
function enumValueProblems(values: readonly { name: string }[], enumPath: Path): ModelProblem[] {
  if (values.length === 0) return [problem("form_feedback_enum_values_required", [...enumPath, "values"])];
  const seen = new Set<string>();
  return values.flatMap((value, index) => {
    const name = value.name.trim();
    const path = [...enumPath, "values", index, "name"];
    const duplicate = seen.has(name);
    seen.add(name);
    if (!name) return [problem("form_feedback_enum_value_required", path)];
    if (name.length > ENUM_NAME_MAX_LENGTH) {
      return [problem("form_feedback_name_maxlength", path, { max: ENUM_NAME_MAX_LENGTH })];
    }
    if (/^[0-9]/.test(name)) return [problem("form_feedback_enum_value_digit", path)];
    if (duplicate) return [problem("form_feedback_enum_value_uniq", path)];
    return [];
  });
}

/** Ids are what connections and enum fields point at, so they must not repeat. */
function idProblems(model: SchemaModel): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const repeated = (ids: string[], path: (index: number) => Path) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) problems.push(problem("error_model_id_uniq", path(index)));
      seen.add(id);
    });
  };
  repeated(model.objectTypes.map((objectType) => objectType.id), (index) => ["objectTypes", index, "id"]);
  repeated(model.enumTypes.map((enumType) => enumType.id), (index) => ["enumTypes", index, "id"]);
  model.objectTypes.forEach((objectType, typeIndex) => {
    repeated(objectType.fields.map((field) => field.id), (index) => ["objectTypes", typeIndex, "fields", index, "id"]);
    repeated(
      objectType.resolvers.map((resolver) => resolver.id),
      (index) => ["objectTypes", typeIndex, "resolvers", index, "id"],
    );
  });
  return problems;
}

/**
 * All broken rules of spec §4 and §5, in the order the editor shows them; the size limits come
 * first. Without a context the rules that depend on the project (permissions) are not checked.
 */
export function modelProblems(model: SchemaModel, context?: ModelContext): ModelProblem[] {
  const problems: ModelProblem[] = countProblems(model);
  if (model.objectTypes.length === 0) problems.push(problem("error_api_create_requires_types", ["objectTypes"]));
  const typeNames = new Set<string>();
  let usersTables = 0;
  model.objectTypes.forEach((objectType, index) => {
    const path = ["objectTypes", index];
    const nameProblem = typeNameProblem(objectType.name, [...path, "name"], typeNames, MODEL_LIMITS.nameLength);
    if (nameProblem) problems.push(nameProblem);
    problems.push(...groupProblems(objectType, path));
    if (context) problems.push(...permissionProblems(objectType, path, context));
    problems.push(
      ...fieldProblems(model, objectType, path),
      ...connectorProblems(objectType, path),
      ...resolverProblems(objectType, path),
    );
    if (isUsersTable(objectType) && ++usersTables > 1) {
      problems.push(problem("error_model_users_table_single", [...path, "directives"]));
    }
  });
  model.enumTypes.forEach((enumType, index) => {
    const path = ["enumTypes", index];
    const nameProblem = typeNameProblem(enumType.name, [...path, "name"], typeNames, ENUM_NAME_MAX_LENGTH);
    if (nameProblem) problems.push(nameProblem);
    problems.push(...enumValueProblems(enumType.values, path));
  });
  problems.push(...connectionProblems(model), ...idProblems(model));
  // A name broken in itself says so first; a collision is news only for an otherwise valid name.
  const reported = new Set(problems.map((found) => found.path.join("/")));
  problems.push(...nameCollisionProblems(model).filter((collision) => !reported.has(collision.path.join("/"))));
  return problems;
}

/** The first broken rule, or null. */
export const validateModel = (model: SchemaModel, context?: ModelContext): ModelProblem | null =>
  modelProblems(model, context)[0] ?? null;
