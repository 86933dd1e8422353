import type * as shape from "./shape";

/**
 * The schema model of spec §3 — a project's declaration, stored as JSON text in Api.schema; its
 * shape is checked on both sides with ./shape, from which the types below are inferred. Rules beyond shape live in ./rules (one function per
 * rule of spec §4 and §5).
 */

/** The field types (spec §3): their names and everything about them live in src/domain/fields. */
export { FIELD_TYPES, type FieldType } from "../fields/names";

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

export const RESOLVER_TYPES = ["create", "update", "delete", "list", "listByParent", "object"] as const;
export type ResolverType = (typeof RESOLVER_TYPES)[number];

export const RUNTIMES = ["nodejs18.x", "python3.10", "ruby3.2", "go1.x"] as const;

export const PUBLISHING_TYPES = ["queries", "mutations", "subscriptions"] as const;
export type PublishingType = (typeof PUBLISHING_TYPES)[number];

export type Directive = typeof shape.Directive.infer;
export type Field = typeof shape.Field.infer;
export type Resolver = typeof shape.Resolver.infer;
export type ObjectType = typeof shape.ObjectType.infer;
export type EnumType = typeof shape.EnumType.infer;
export type SchemaModel = typeof shape.SchemaModel.infer;

/** A refused model: the spec's message key and where it happened. */
export interface ModelProblem {
  messageId: string;
  /** e.g. ["objectTypes", 2, "fields", 0, "name"] */
  path: (string | number)[];
  values?: Record<string, string | number>;
}
