import { type } from "arktype";
import { FIELD_TYPES, DIRECTIVE_NAMES, RESOLVER_TYPES, RUNTIMES, PUBLISHING_TYPES } from "./types";

/**
 * Every object type below is closed ("+": "reject"): a key the model does not declare is refused
 * with its path, never stored (a third parent, a misspelt list, markup smuggled in as a key).
 * Only the free-form parts (directive args, searchConfig, dynamicFieldConfig, actions,
 * authProvidersConfig) are open records; the size and depth limits bound them.
 */
const CLOSED = { "+": "reject" } as const;

/**
 * The shape of the schema model of spec §3, checked by parseModel (./parse) on both sides. The
 * types of ./types are inferred from it; only parseModel imports these values, so arktype loads
 * with the screens that check a declaration, not with those that show a stored one.
 */
export const Directive = type({
  ...CLOSED,
  name: type.enumerated(...DIRECTIVE_NAMES),
  "args?": "Record<string, unknown>",
});

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

/** One side of a connection; index orders the connections of a type. */
export const TargetRef = type({ ...CLOSED, targetId: "string > 0", index: "number.integer >= 0" });
export const ParentRef = type({ ...CLOSED, parentId: "string > 0", index: "number.integer >= 0" });

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

export const EnumType = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  values: type({ ...CLOSED, name: "string", "selected?": "boolean" }).array(),
  "state?": "string | null",
});

export const SchemaModel = type({
  ...CLOSED,
  objectTypes: ObjectType.array(),
  enumTypes: EnumType.array(),
  "authProvidersConfig?": "Record<string, unknown> | null",
});
