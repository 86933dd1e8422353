/** The schema-model operations (spec §4, §5): pure, each returns a new model. */
export { localId } from "./ids";
export { initialModel, addObjectType, duplicateObjectType, removeObjectType, renameObjectType } from "./tables";
export { addField, updateField, removeField, toggleSortBy, setConnector, type FieldPatch } from "./fields";
export {
  addConnection,
  removeConnection,
  connectionOptions,
  connectionsOf,
  type Connection,
  type ConnectionKind,
} from "./connections";
export {
  toggleRequired,
  requiredFlags,
  isRequiredAnywhere,
  typeOperations,
  REQUIRED_FLAGS,
  type RequiredFlag,
} from "./required";
export {
  togglePublishingType,
  toggleTablePermission,
  tablePermissions,
  stripTemplateDirectives,
  stripPermissionDirectives,
  canEditPermissions,
  isUsersTable,
  canEditObjectType,
  TABLE_PERMISSIONS,
  type TablePermission,
  type PermissionState,
} from "./publishing";
export { addEnum, updateEnum, removeEnum, fieldsUsingEnum, addEnumValue, type EnumPatch } from "./enums";
export { addResolver, updateResolver, removeResolver, toggleResolverType, type ResolverPatch } from "./resolvers";
