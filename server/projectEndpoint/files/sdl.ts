/**
 * The SDL of a project's files and cloud functions (spec §3 "Built-in tables", §7 "Files",
 * "Cloud functions"); resolvers in ./resolvers.ts, the upload and download URLs in ./http.ts.
 */
export const FILES_SDL = `
"Spec §3 'FileDocument': who may fetch the file at its url without signing in."
enum AccessControl { public private }
"Spec §7 uploadInlineFile 'ZIP format'; NONE stores the body as sent."
enum ArchiveFormat { ZIP NONE }
"Spec §3 'FileDocument': a file of the project."
type FileDocument {
  id: ID!
  "The normalised path of the file in the project (spec §5)."
  key: String!
  name: String!
  mimeType: String!
  "Where to fetch the file: as is for public files, a signed address valid for 15 minutes for private ones."
  url: String!
  accessControl: AccessControl!
  "Bytes."
  size: Float!
  createdAt: String!
  updatedAt: String!
}
type FileDocumentEdge { node: FileDocument! cursor: String! }
type FileDocumentConnection { items: [FileDocument!]! nextToken: String edges: [FileDocumentEdge!]! pageInfo: PageInfo! }
"Files are private unless the uploader makes them public (docs/DECISIONS.md)."
input UploadFileIntentInput { key: String! mimeType: String! accessControl: AccessControl = private }
"Spec §3 'A file upload intent returns key, mimeType, uploadUrl, url and name'."
type FileUploadIntent {
  "The normalised key."
  key: String!
  mimeType: String!
  "Send the file's bytes here with one HTTP PUT and this Content-Type header, within 15 minutes."
  uploadUrl: String!
  url: String!
  name: String!
  "The most bytes the upload URL accepts."
  maxBytes: Float!
}
input CreateFileDocumentInput { key: String! name: String mimeType: String! accessControl: AccessControl = private }
input DeleteFileDocumentInput { id: ID! }
"Spec §3 'CloudFunction: code, functionUrl, runtime'."
type CloudFunction {
  id: ID!
  "The normalised file name of the function."
  key: String!
  "The object key of the function's code, a ZIP."
  code: String!
  "POST JSON here to run the function, with the project API's credentials."
  functionUrl: String
  runtime: String!
  size: Float!
  createdAt: String!
  updatedAt: String!
}
"One invocation of a cloud function: how it ended and what it printed."
type CloudFunctionLog {
  id: ID!
  "url, or the trigger that ran it (trigger:<Table>:<before|after>:<type>)."
  source: String!
  "ok, error, timeout, memory, stack, too_large, busy or unsupported."
  status: String!
  error: String
  stdout: String!
  stderr: String!
  durationMs: Int!
  cpuMs: Int!
  memoryBytes: Float!
  createdAt: String!
}
"One kept trigger invocation replayed against a draft: what the live version answered then beside what the draft answers (status, output as JSON text, error), and the draft's CPU and memory against the limits."
type CloudFunctionReplay {
  id: ID!
  recordedAt: String!
  trigger: String!
  "<Table>:<before|after>:<type>"
  source: String!
  "The event as the function got it (JSON text), password fields redacted."
  event: String!
  liveStatus: String!
  liveOutput: String
  liveError: String
  draftStatus: String!
  draftOutput: String
  draftError: String
  cpuMs: Int!
  memoryBytes: Float!
  cpuLimitMs: Int!
  memoryLimitBytes: Float!
  "Whether the draft ended or answered differently."
  changed: Boolean!
}
"A draft of a function: its code in base64, run but never stored."
input ReplayCloudFunctionInput { key: String! body: String! }
type CloudFunctionLogEdge { node: CloudFunctionLog! cursor: String! }
type CloudFunctionLogConnection { items: [CloudFunctionLog!]! nextToken: String edges: [CloudFunctionLogEdge!]! pageInfo: PageInfo! }
type CloudFunctionEdge { node: CloudFunction! cursor: String! }
type CloudFunctionConnection { items: [CloudFunction!]! nextToken: String edges: [CloudFunctionEdge!]! pageInfo: PageInfo! }
input DeleteCloudFunctionInput { id: ID! }
"A function's code to download: its ZIP at a signed address that works for a few minutes."
type CloudFunctionExport { url: String! fileName: String! }
"Spec §7 uploadInlineFile: the body in base64."
input UploadInlineFileInput { key: String! mimeType: String! accessControl: AccessControl = private archiveFormat: ArchiveFormat = ZIP body: String! isCloudFunction: Boolean = false }
type InlineFile { key: String! mimeType: String! name: String! file: FileDocument cloudFunction: CloudFunction }
`;

const PAGE_ARGS = `limit: Int, nextToken: String, first: Int, after: String`;

export const FILES_QUERIES = [
  `"Whether the caller may upload files and functions (docs/ROLES.md data.edit)."\n  viewerCanUploadFiles: Boolean!`,
  `"Whether the caller may delete files and functions (spec §6: admin permissions)."\n  viewerCanDeleteFiles: Boolean!`,
  `"Newest first, 100 by default (spec §9)."\n  listFileDocument(${PAGE_ARGS}): FileDocumentConnection!`,
  `getFileDocument(id: ID!): FileDocument`,
  `"Newest first, 100 by default (spec §9)."\n  listCloudFunction(${PAGE_ARGS}): CloudFunctionConnection!`,
  `"A function's invocations within the project's retention, newest first (50 a page); none for an unknown key."\n  listCloudFunctionLog(key: String!, ${PAGE_ARGS}): CloudFunctionLogConnection!`,
  `"Whether the caller may download functions' code (docs/ROLES.md data.edit, as for uploading it)."\n  viewerCanExportFunctions: Boolean!`,
  `"Spec §2 'export': a signed download address of the function's code; null when there is no such function."\n  exportCloudFunction(id: ID!): CloudFunctionExport`,
];
export const FILES_SUBSCRIPTIONS = [`"Each invocation of the function (by key) as it is recorded."\n  onCloudFunctionLog(key: String!): CloudFunctionLog!`];
export const FILES_MUTATIONS = [
  `uploadFileIntent(input: UploadFileIntentInput!): FileUploadIntent!`,
  `"Documents for uploaded objects (spec §7 'from the intents'); an object never uploaded with that type is refused."\n  batchCreateFileDocument(input: [CreateFileDocumentInput!]!): [FileDocument!]!`,
  `"Deletes the documents and their bytes."\n  batchDeleteFileDocument(input: [DeleteFileDocumentInput!]!): [FileDocument!]!`,
  `uploadInlineFile(input: UploadInlineFileInput!): InlineFile!`,
  `batchDeleteCloudFunction(input: [DeleteCloudFunctionInput!]!): [CloudFunction!]!`,
  `"Runs a draft of the function against its kept trigger invocations (LIMITS triggerReplayEvents per trigger) without writing anything; context.graphql is refused meanwhile."\n  replayCloudFunction(input: ReplayCloudFunctionInput!): [CloudFunctionReplay!]!`,
];
