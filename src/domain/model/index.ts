/**
 * The schema model's public surface, used by the console (instant feedback) and by the
 * server's createApi/updateApi/templates/AI start (to refuse). CONTRACT — the names below are
 * fixed. ./rules.ts, ./operations.ts and ./names.ts re-export the one-idea files beside them.
 * On save the server normalizes, then validates (normalizeModel is safe on invalid models).
 */
export * from "./types";
export {
  /** Reads a stored Api.schema without the shape check (parseModel is in ./parse: it loads arktype). */
  readStoredModel,
  /** Every rule of spec §4 and §5; the first broken one, or null. Pass the project's context
   * ({ authMode }) to check the rules that depend on it (permissions). */
  validateModel,
  /** All broken rules (for the editor's inline messages). */
  modelProblems,
  /** What is stored on save: fields with no type dropped, dynamic fields as String + @dynamic,
   * required flags and operations collapsed, publishing types collapsed. */
  normalizeModel,
  /** Whether a field may be a sort field (read-only other than updatedAt, lists, Json, Dynamic may not). */
  canSortBy,
  /** updatedAt, whose default sort cannot be unset. */
  isDefaultSortField,
  /** One of the read-only system fields id, createdAt, updatedAt. */
  isSystemField,
  /** What entry lists sort by: the sort-by fields, updatedAt (the default without one), createdAt. */
  listSortFields,
  /** The type the editor shows ("Dynamic" for a String with @dynamic). */
  effectiveFieldType,
  /** How large a declaration may be: counts, lengths, total size and nesting depth. */
  MODEL_LIMITS,
  /** The message key naming each limit. */
  LIMIT_MESSAGE_IDS,
} from "./rules";
export type { ModelContext, ModelLimit } from "./rules";
export {
  /** A project's first model: Table1 with id, createdAt and updatedAt. */
  initialModel,
  /** A new table named NewTableN (or the given name) with the three read-only fields. */
  addObjectType,
  /** Copy (+ number) with fresh ids and no parents or targets. */
  duplicateObjectType,
  removeObjectType,
  renameObjectType,
  /** newFieldN of type String. */
  addField,
  updateField,
  removeField,
  /** Sort flag on/off where allowed; updatedAt's default sort stays. */
  toggleSortBy,
  /** Makes one field the table's connector (id by default). */
  setConnector,
  /** Connections kept in sync on both sides; indexes renumbered on removal. */
  addConnection,
  removeConnection,
  /** Which connection kinds are possible from a type (has-many / belongs-to disabled when not). */
  connectionOptions,
  /** A type's connections (has-many targets and belongs-to parents) ordered by index. */
  connectionsOf,
  /** Required-flag cycle: required ↔ onCreate/onUpdate/onDelete, collapsing when all three. */
  toggleRequired,
  /** The required checkboxes of a field; `required` checks all three. */
  requiredFlags,
  /** Any required flag set (required or one per operation). */
  isRequiredAnywhere,
  REQUIRED_FLAGS,
  /** The editor's one required control: none, one or two operations, or always (all three collapse). */
  REQUIRED_CHOICES,
  requiredChoice,
  withRequiredChoice,
  /** A table's create/update/delete operations, expanding the collapsed form. */
  typeOperations,
  /** all/none, mutations off removes subscriptions, a list of all three collapses to all. */
  togglePublishingType,
  /** Table access grid: one checkbox per operation and group/public; public read implies group read. */
  toggleTableAccess,
  /** The table access checkboxes per operation: owner (always on), group, public. */
  accessGrid,
  /** The group names of a table's access. */
  setAccessGroups,
  /** Comma-separated group names, trimmed, each once. */
  parseGroupNames,
  /** A table's access rules read from its directives. */
  tableAccess,
  /** Every group name the tables' access names, each once: the choices for a user's groups. */
  accessGroupNames,
  /** How far a signed-in project user reaches with an operation: all entries or their own. */
  userReach,
  /** How far an API key reaches: all, or only what is public when the key is an additional mode. */
  apiKeyReach,
  TABLE_OPERATIONS,
  MAX_ACCESS_GROUPS,
  MAX_GROUP_NAME_LENGTH,
  MAX_USER_GROUPS,
  /** A group name a table's access or a project user's groups may hold. */
  isValidGroupName,
  TABLE_PERMISSIONS,
  /** Permissions editing only for aws_oidc or aws_cognito_user_pools. */
  canEditPermissions,
  /** The table with the users directive. */
  isUsersTable,
  /** False for the users table once published: no edit, duplicate or delete. */
  canEditObjectType,
  addEnum,
  updateEnum,
  removeEnum,
  /** The fields (table and field names) that use an enum, which removing it drops. */
  fieldsUsingEnum,
  /** An empty value, only if the last one is non-empty. */
  addEnumValue,
  /** A trigger: before, all six operation types, Node 18. */
  addResolver,
  updateResolver,
  removeResolver,
  /** A trigger's types, one or All; the last one stays. */
  toggleResolverType,
  /** On template apply: public create/read/update/delete and group directives stripped. */
  stripTemplateDirectives,
  /** Every table without permission directives: what a project keeps when its auth mode offers no
   * permissions editing (spec §5). */
  stripPermissionDirectives,
  /** Fresh 6-character local id. */
  localId,
} from "./operations";
export type {
  FieldPatch,
  EnumPatch,
  ResolverPatch,
  Connection,
  ConnectionKind,
  RequiredFlag,
  RequiredChoice,
  TablePermission,
  TableOperation,
  TableAccess,
  Reach,
  AccessRow,
  AccessCell,
} from "./operations";
export {
  /** Keep letters, digits and underscore; strip leading digits (spec §5 "Names"). */
  sanitizeName,
  RESERVED_TYPE_NAMES,
  RESERVED_FIELD_NAMES,
  READONLY_FIELD_NAMES,
  /** Tables and scalars a project already has; refused as names like the reserved ones. */
  BUILT_IN_TYPE_NAMES,
  /** Letters, digits and underscore, not starting with a digit (nor "__"). */
  isValidName,
  isReservedTypeName,
  isReservedFieldName,
  /** prefixN with N one above the highest existing (newFieldN, NewTableN). */
  nextNumberedName,
  NAME_MIN_LENGTH,
  ENUM_NAME_MAX_LENGTH,
  TRIGGER_NAME_MIN_LENGTH,
} from "./names";
