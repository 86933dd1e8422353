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
  REQUIRED_CHOICES,
  requiredChoice,
  withRequiredChoice,
  type RequiredFlag,
  type RequiredChoice,
} from "./required";
export {
  togglePublishingType,
  stripTemplateDirectives,
  stripPermissionDirectives,
  canEditPermissions,
  isUsersTable,
  canEditObjectType,
  TABLE_PERMISSIONS,
  type TablePermission,
} from "./publishing";
export {
  TABLE_OPERATIONS,
  accessGrid,
  toggleTableAccess,
  setAccessGroups,
  parseGroupNames,
  tableAccess,
  accessGroupNames,
  userReach,
  apiKeyReach,
  MAX_ACCESS_GROUPS,
  MAX_GROUP_NAME_LENGTH,
  MAX_USER_GROUPS,
  isValidGroupName,
  type TableOperation,
  type TableAccess,
  type Reach,
  type AccessRow,
  type AccessCell,
} from "./tableAccess";
export { addEnum, updateEnum, removeEnum, fieldsUsingEnum, addEnumValue, type EnumPatch } from "./enums";
export { addResolver, updateResolver, removeResolver, toggleResolverType, type ResolverPatch } from "./resolvers";
