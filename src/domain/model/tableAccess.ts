import { hasDirective, setDirective } from "./directives";
import type { Directive, ObjectType, SchemaModel } from "./types";

/**
 * Table access (spec §6 "Table access: per operation (query, create, update, delete) with public
 * read, group, and public create, update and delete. The owner always has access."), read from a
 * table's directives. One rule for the project API, which enforces it, and for the editor,
 * which shows it: publicRead/Create/Update/Delete give that operation on every entry to every
 * signed-in user of the project; `group` (args `{ groups, operations }`, all operations when
 * none are listed) gives its operations on every entry to members of those groups; everybody
 * else may create and may read, update and delete the entries they created.
 */

export const TABLE_OPERATIONS = ["read", "create", "update", "delete"] as const;
export type TableOperation = (typeof TABLE_OPERATIONS)[number];

/** The directive that opens one operation to every signed-in user. */
export const PUBLIC_DIRECTIVE = {
  read: "publicRead",
  create: "publicCreate",
  update: "publicUpdate",
  delete: "publicDelete",
} as const satisfies Record<TableOperation, Directive["name"]>;

/** At most this many group names per table, each at most this long (they end up in every check). */
export const MAX_ACCESS_GROUPS = 20;
export const MAX_GROUP_NAME_LENGTH = 128;
/** Groups one project user may be in (Cognito's limit); all of them go into each token. */
export const MAX_USER_GROUPS = 100;

/** A group name as a table's access and a user's groups store it: trimmed, not empty, not too long. */
export const isValidGroupName = (name: unknown): name is string =>
  typeof name === "string" && name.trim() === name && name.length > 0 && name.length <= MAX_GROUP_NAME_LENGTH;

export interface TableAccess {
  /** Operations every signed-in user may do on every entry. */
  public: ReadonlySet<TableOperation>;
  /** Group names whose members may do `groupOperations` on every entry. */
  groups: readonly string[];
  groupOperations: ReadonlySet<TableOperation>;
}

const groupDirective = (objectType: ObjectType) => objectType.directives.find((directive) => directive.name === "group");

const isOperation = (value: unknown): value is TableOperation => (TABLE_OPERATIONS as readonly unknown[]).includes(value);

/** The group directive's names as stored (strings only; the model rules refuse anything else). */
function storedGroups(directive: Directive | undefined): string[] {
  const groups = directive?.args?.groups;
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === "string") : [];
}

function storedGroupOperations(directive: Directive | undefined): TableOperation[] {
  if (!directive) return [];
  const operations = directive.args?.operations;
  return Array.isArray(operations) ? TABLE_OPERATIONS.filter((operation) => operations.includes(operation)) : [...TABLE_OPERATIONS];
}

export function tableAccess(objectType: ObjectType): TableAccess {
  const group = groupDirective(objectType);
  return {
    public: new Set(TABLE_OPERATIONS.filter((operation) => hasDirective(objectType.directives, PUBLIC_DIRECTIVE[operation]))),
    groups: storedGroups(group),
    groupOperations: new Set(storedGroupOperations(group)),
  };
}

/** Every group name the model's tables give access to, each once and sorted: what a user's groups are offered from. */
export function accessGroupNames(model: SchemaModel): string[] {
  return [...new Set(model.objectTypes.flatMap((objectType) => tableAccess(objectType).groups))].sort((a, b) => a.localeCompare(b));
}

/** How far a caller reaches with one operation: every entry, only the entries they own, or none. */
export type Reach = "all" | "own" | "none";

/** A signed-in user of the project (user pool or OIDC). Creating is always allowed: the owner always has access. */
export function userReach(access: TableAccess, user: { groups: readonly string[] }, operation: TableOperation): Reach {
  if (access.public.has(operation)) return "all";
  if (access.groupOperations.has(operation) && user.groups.some((group) => access.groups.includes(group))) return "all";
  return "own";
}

/**
 * An API key holder. When the project's default auth mode signs users in, the key is an
 * additional mode and, as with AppSync, reaches only what the table opens to the public;
 * otherwise it is the project's way in and reaches everything the table publishes.
 */
export function apiKeyReach(access: TableAccess, keyIsPublicOnly: boolean, operation: TableOperation): Reach {
  if (!keyIsPublicOnly) return "all";
  return access.public.has(operation) ? "all" : "none";
}

// ---- The editor's grid ----

export interface AccessCell {
  checked: boolean;
  disabled: boolean;
}

export interface AccessRow {
  owner: AccessCell;
  group: AccessCell;
  public: AccessCell;
}

/** The checkboxes of the table access editor: owner always on and disabled; public read implies group read. */
export function accessGrid(objectType: ObjectType): Record<TableOperation, AccessRow> {
  const access = tableAccess(objectType);
  const row = (operation: TableOperation): AccessRow => {
    const publicOn = access.public.has(operation);
    const impliedGroup = operation === "read" && publicOn;
    return {
      owner: { checked: true, disabled: true },
      group: { checked: access.groupOperations.has(operation) || impliedGroup, disabled: impliedGroup },
      public: { checked: publicOn, disabled: false },
    };
  };
  return { read: row("read"), create: row("create"), update: row("update"), delete: row("delete") };
}

/** The group directive with these names and operations, or none when it would grant nothing and name nobody. */
function withGroup(objectType: ObjectType, groups: readonly string[], operations: ReadonlySet<TableOperation>): ObjectType {
  const rest = objectType.directives.filter((directive) => directive.name !== "group");
  if (groups.length === 0 && operations.size === 0) return { ...objectType, directives: rest };
  const listed = TABLE_OPERATIONS.filter((operation) => operations.has(operation));
  return { ...objectType, directives: [...rest, { name: "group", args: { groups: [...groups], operations: listed } }] };
}

/**
 * Toggles one checkbox of the grid. Turning public read on also turns group read on, and group
 * read stays on while public read is (spec §4 "Public read implies group").
 */
export function toggleTableAccess(objectType: ObjectType, operation: TableOperation, column: "group" | "public"): ObjectType {
  const access = tableAccess(objectType);
  if (column === "public") {
    const on = !access.public.has(operation);
    const next = { ...objectType, directives: setDirective(objectType.directives, PUBLIC_DIRECTIVE[operation], on) };
    if (operation !== "read" || !on || access.groupOperations.has("read")) return next;
    return withGroup(next, access.groups, new Set([...access.groupOperations, "read"]));
  }
  if (operation === "read" && access.public.has("read")) return objectType;
  const operations = new Set(access.groupOperations);
  if (operations.has(operation)) operations.delete(operation);
  else operations.add(operation);
  return withGroup(objectType, access.groups, operations);
}

/** Public read implies group (spec §4): a group directive that reads, keeping its names and other operations. */
export function withImpliedGroupRead(directives: readonly Directive[]): Directive[] {
  const group = directives.find((directive) => directive.name === "group");
  if (!group) return [...directives, { name: "group" }];
  const operations = group.args?.operations;
  if (!Array.isArray(operations) || operations.includes("read")) return [...directives];
  const reading = TABLE_OPERATIONS.filter((operation) => operation === "read" || operations.includes(operation));
  return directives.map((directive) => (directive === group ? { ...group, args: { ...group.args, operations: reading } } : directive));
}

/** Group names from what the user typed: comma-separated, trimmed, no empties, each once. */
export function parseGroupNames(text: string): string[] {
  return [...new Set(text.split(",").map((name) => name.trim()).filter(Boolean))];
}

export function setAccessGroups(objectType: ObjectType, groups: readonly string[]): ObjectType {
  return withGroup(objectType, groups, tableAccess(objectType).groupOperations);
}

/** What is wrong with a group directive's args, if anything (the model rules refuse it). */
export function groupArgsProblem(directive: Directive): "form_feedback_access_groups" | null {
  const { groups, operations } = directive.args ?? {};
  if (groups !== undefined) {
    if (!Array.isArray(groups) || groups.length > MAX_ACCESS_GROUPS) return "form_feedback_access_groups";
    if (!groups.every(isValidGroupName)) return "form_feedback_access_groups";
  }
  if (operations !== undefined && (!Array.isArray(operations) || !operations.every(isOperation))) return "form_feedback_access_groups";
  return null;
}
