import type { Field, ObjectType } from "./types";

/**
 * The names a project's generated API gives each table (spec §7: "Names are a prefix (create,
 * batchCreate, update, delete, batchDelete, list, batchGet) plus the type name"). The SDL
 * generator (server/projectEndpoint) and the model rules that refuse colliding names both use these,
 * so what the rules check is what gets generated.
 */
const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function operationNames(objectType: Pick<ObjectType, "name">) {
  const name = objectType.name;
  return {
    get: `get${name}`,
    list: `list${name}`,
    listByParent: `list${name}ByParent`,
    batchGet: `batchGet${name}`,
    create: `create${name}`,
    batchCreate: `batchCreate${name}`,
    update: `update${name}`,
    delete: `delete${name}`,
    batchDelete: `batchDelete${name}`,
    onCreate: `onCreate${name}`,
    onUpdate: `onUpdate${name}`,
    onDelete: `onDelete${name}`,
  };
}

export function typeNames(objectType: Pick<ObjectType, "name">) {
  const name = objectType.name;
  return {
    object: name,
    connection: `${name}Connection`,
    edge: `${name}Edge`,
    filter: `${name}FilterInput`,
    sortField: `${name}SortField`,
    createInput: `Create${name}Input`,
    updateInput: `Update${name}Input`,
    deleteInput: `Delete${name}Input`,
  };
}

/** On a child: its parent entry (`post.user`); in its inputs, the parent's id (`userId`). */
export const parentFieldName = (parent: Pick<ObjectType, "name">) => lowerFirst(parent.name);
export const parentIdInputName = (parent: Pick<ObjectType, "name">) => `${lowerFirst(parent.name)}Id`;
/** On a parent: its children, listed like the root list (`user.listPost`). */
export const childrenFieldName = (child: Pick<ObjectType, "name">) => `list${child.name}`;

/** Who created an entry: on every entry type, unless the table has a field of its own named so. */
export const OWNER_FIELD_NAME = "owner";
export const exposesOwner = (fields: readonly Pick<Field, "name" | "type">[]) =>
  !fields.some((field) => field.type != null && field.name === OWNER_FIELD_NAME);

/** What a table's filter input adds beside the fields: conditions combined. */
export const FILTER_LOGIC_NAMES = ["and", "or", "not"] as const;

/**
 * The types every project's API has before any table (server/projectEndpoint/schema/schema.project.graphql,
 * GraphQL's scalars included). A test compares this list with the generated base schema.
 */
export const PROJECT_BASE_TYPE_NAMES = [
  "AccessControl", "Activity", "ActivityConnection", "ApiKey", "ApiKeyConnection", "ArchiveFormat", "Boolean",
  "BooleanFilterInput", "CloudFunction", "CloudFunctionConnection", "CloudFunctionEdge", "CloudFunctionExport", "CloudFunctionLog",
  "CloudFunctionLogConnection", "CloudFunctionLogEdge", "CloudFunctionReplay", "ReplayCloudFunctionInput",
  "CreateApiKeyInput", "CreateFileDocumentInput", "DeleteApiKeyInput", "DeleteCloudFunctionInput",
  "DeleteFileDocumentInput", "DeleteTypesResult", "EnumFilterInput", "ExistsFilterInput", "FileDocument",
  "FileDocumentConnection", "FileDocumentEdge", "FileUploadIntent", "Float", "FloatFilterInput", "ID", "InlineFile",
  "Int", "IntFilterInput", "ListBooleanFilterInput", "ListFloatFilterInput", "ListIntFilterInput",
  "ListStringFilterInput", "Mutation", "PageInfo", "ParentKey", "Query", "SortOrder", "SortRangeInput", "String",
  "StringFilterInput", "Subscription", "Type", "TypeConnection", "TypeCount", "TypeDeleteProgress", "TypeEdge", "TypeImportBatch",
  "RotateApiKeyInput", "TypeItemInput", "TypeKeyInput", "UpdateApiKeyInput", "UploadFileIntentInput", "UploadInlineFileInput",
  "UserGroupInput",
] as const;

/** The queries, mutations and subscriptions every project's API has before any table. */
export const PROJECT_BASE_OPERATION_NAMES = [
  "adminAddUserToGroup", "adminListGroupsForUser", "adminRemoveUserFromGroup", "batchCreateFileDocument",
  "batchCreateType", "batchDeleteApiKey", "batchDeleteCloudFunction", "batchDeleteFileDocument", "batchDeleteType",
  "countTypesByParentType", "createApiKey", "createType", "deleteType", "deleteTypes", "exportCloudFunction",
  "getApiKey", "getFileDocument", "listActivity", "listApiKey", "listCloudFunction", "listCloudFunctionLog", "listFileDocument", "listTypes",
  "listTypesByParentType", "liveVersion", "onCloudFunctionLog", "onCreateType", "onDeleteType", "onDeleteTypesProgress", "onImportType",
  "onUpdateType", "replayCloudFunction", "rotateApiKey", "type", "updateApiKey", "updateType", "uploadFileIntent", "uploadInlineFile",
  "viewerCanDeleteData", "viewerCanDeleteFiles", "viewerCanEditData", "viewerCanExportFunctions",
  "viewerCanManageUserGroups", "viewerCanUploadFiles",
] as const;
