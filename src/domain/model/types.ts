import { type } from "arktype";

/**
 * Every object type below is closed ("+": "reject"): a key the model does not declare is refused
 * with its path, never stored (a third parent, a misspelt list, markup smuggled in as a key).
 * Only the free-form parts (directive args, searchConfig, dynamicFieldConfig, actions,
 * authProvidersConfig) are open records; the size and depth limits bound them.
 */
const CLOSED = { "+": "reject" } as const;

/**
 * The schema model of spec §3 — a project's declaration, stored as JSON text in Api.schema and
 * checked with these types on both sides. Rules beyond shape live in ./rules (one function per
 * rule of spec §4 and §5).
 */

export const FIELD_TYPES = [
  "Boolean",
  "Float",
  "ID",
  "Integer",
  "String",
  "ListBoolean",
  "ListFloat",
  "ListId",
  "ListInteger",
  "ListString",
  "Date",
  "DateTime",
  "Time",
  "Timestamp",
  "Email",
  "IpAddress",
  "Json",
  "Phone",
  "Url",
  "Dynamic",
  "Enum",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Field and type directives (spec §3 "Directives on types and fields"). */
export const DIRECTIVE_NAMES = [
  // fields
  "required",
  "requiredOnCreate",
  "requiredOnUpdate",
  "requiredOnDelete",
  "unique",
  "connector",
  "dynamic",
  "sortBy",
  "userEmail",
  "userPassword",
  // types
  "users",
  "publicRead",
  "publicCreate",
  "publicUpdate",
  "publicDelete",
  "group",
  "create",
  "update",
  "delete",
  // content directives
  "cms_page",
  "cms_image",
  "cms_localization",
] as const;
export type DirectiveName = (typeof DIRECTIVE_NAMES)[number];

export const Directive = type({
  ...CLOSED,
  name: type.enumerated(...DIRECTIVE_NAMES),
  "args?": "Record<string, unknown>",
});
export type Directive = typeof Directive.infer;

export const Field = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  /** Fields with no type are dropped on save. */
  "type?": type.enumerated(...FIELD_TYPES).or("null"),
  /** The enum's id when type is "Enum". */
  "typeId?": "string | null",
  directives: Directive.array(),
  "readonly?": "boolean",
  "dynamicFieldConfig?": "Record<string, unknown> | null",
  "label?": "string | null",
  "state?": "string | null",
  "isList?": "boolean",
  "isEnum?": "boolean",
  "isBoolean?": "boolean",
});
export type Field = typeof Field.infer;

export const RESOLVER_TYPES = ["create", "update", "delete", "list", "listByParent", "object"] as const;
export type ResolverType = (typeof RESOLVER_TYPES)[number];

export const RUNTIMES = ["nodejs18.x", "python3.10", "ruby3.2", "go1.x"] as const;

/** A trigger (spec §3 "Resolver"). */
export const Resolver = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  "archive?": "string | null",
  "archiveType?": "string",
  "handler?": "string | null",
  step: "'before' | 'after'",
  runtime: type.enumerated(...RUNTIMES),
  types: type.enumerated(...RESOLVER_TYPES).array(),
  "actions?": "Record<string, unknown>[]",
});
export type Resolver = typeof Resolver.infer;

/** One side of a connection; index orders the connections of a type. */
export const TargetRef = type({ ...CLOSED, targetId: "string > 0", index: "number.integer >= 0" });
export const ParentRef = type({ ...CLOSED, parentId: "string > 0", index: "number.integer >= 0" });

export const PUBLISHING_TYPES = ["queries", "mutations", "subscriptions"] as const;
export type PublishingType = (typeof PUBLISHING_TYPES)[number];

export const ObjectType = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  /** The connector field's name; id by default. */
  "connectorFieldName?": "string",
  fields: Field.array(),
  resolvers: Resolver.array(),
  directives: Directive.array(),
  /** Has-many side: the types this one is parent of. */
  targets: TargetRef.array(),
  /** Belongs-to side: at most two parents. */
  parents: {
    ...CLOSED,
    "first?": ParentRef.or("null"),
    "second?": ParentRef.or("null"),
  },
  /** Undefined means all; otherwise the published operation groups. */
  "publishingTypes?": type.enumerated(...PUBLISHING_TYPES).array().or("null"),
  "searchConfig?": "Record<string, unknown> | null",
  "usePrefix?": "boolean",
  "state?": "string | null",
  "selected?": "boolean",
});
export type ObjectType = typeof ObjectType.infer;

export const EnumType = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  values: type({ ...CLOSED, name: "string", "selected?": "boolean" }).array(),
  "state?": "string | null",
});
export type EnumType = typeof EnumType.infer;

export const SchemaModel = type({
  ...CLOSED,
  objectTypes: ObjectType.array(),
  enumTypes: EnumType.array(),
  "authProvidersConfig?": "Record<string, unknown> | null",
});
export type SchemaModel = typeof SchemaModel.infer;

/** A refused model: the spec's message key and where it happened. */
export interface ModelProblem {
  messageId: string;
  /** e.g. ["objectTypes", 2, "fields", 0, "name"] */
  path: (string | number)[];
  values?: Record<string, string | number>;
}
