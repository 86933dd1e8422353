import JSZip from "jszip";
import type { AccessControl } from "../../../src/domain/files";
import { fileKeyProblem, fileNameOf, INLINE_FILE_MAX_BYTES, isMimeType, normaliseFileKey, runtimeOf } from "../../../src/domain/files";
import { refuse } from "../../graphqlKit/errors";
import { HOUR_MS, withinLimit } from "../../limits/rateLimit";
import { mayDo, requireAction } from "../access/access";
import type { ProjectContext } from "../context";
import { callerKey } from "../csv/requests";
import { DEFAULT_LIMIT, toConnection } from "../entries/paging";
import { recordActivities } from "../entries/store";
import { appendAfterCommit } from "../../changes/log";
import { activitiesChange } from "../../changes/topics";
import { DOWNLOAD_URL_MINUTES, EXPORT_URL_MINUTES, filesKey, signDownload, signUpload, UPLOAD_URL_MINUTES, uploadNonce } from "./tokens";
import * as store from "./store";
import { replayCloudFunction } from "../../functions/replay/resolvers";
import { functionLogTopic, listInvocations, NEWEST_FIRST as LOGS_NEWEST_FIRST, type FunctionLogRow } from "../../functions/logs";

/** Spec §7 batch calls take at most this many items, like the tables' batches. */
const MAX_BATCH = 100;

/** The key a caller names, normalised (spec §5) and refused when it is a path trick. */
export function checkedKey(given: string): string {
  const key = normaliseFileKey(given);
  const problem = fileKeyProblem(key);
  if (problem) throw refuse("BAD_USER_INPUT", problem, "This file name cannot be used: give a relative path of letters, digits, dots and slashes.", { key: given });
  return key;
}

function checkedMimeType(mimeType: string) {
  if (!isMimeType(mimeType)) throw refuse("BAD_USER_INPUT", "error_file_mime_type", "mimeType must look like type/subtype, e.g. image/png.", { mimeType });
  return mimeType.toLowerCase();
}

function checkBatch(items: unknown[]) {
  if (items.length > MAX_BATCH) throw refuse("BAD_USER_INPUT", "error_batch_too_large", `A batch can hold at most ${MAX_BATCH} entries.`, { max: MAX_BATCH });
}

async function requireUploadQuota(ctx: ProjectContext) {
  const limit = ctx.config.limits.fileUploadsPerCallerPerHour;
  if (await withinLimit(ctx.db, `file-upload:${ctx.project.apiId}:${callerKey(ctx)}`, limit, HOUR_MS)) return;
  throw refuse("RATE_LIMITED", "error_rate_limited_files", "Too many uploads in this project. Please try again in an hour.", { max: limit });
}

/** The address that serves a file: as is when public, with a short-lived signature when private. */
export function fileUrl(ctx: ProjectContext, key: string, accessControl: AccessControl) {
  const url = `${ctx.origin}/p/${ctx.project.apiId}/files/${key}`;
  if (accessControl === "public") return url;
  const token = signDownload(filesKey(ctx.config), { apiId: ctx.project.apiId, key, expiresAt: Date.now() + DOWNLOAD_URL_MINUTES * 60_000 });
  return `${url}?access=${token}`;
}

const toFile = (ctx: ProjectContext) => (row: store.FileRow) => ({
  id: row.id,
  key: row.key,
  name: row.name,
  mimeType: row.mime_type,
  url: fileUrl(ctx, row.key, row.access_control),
  accessControl: row.access_control,
  size: row.bytes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** POST runs the function (server/functions/http.ts). */
export const functionUrl = (ctx: ProjectContext, key: string) => `${ctx.origin}/p/${ctx.project.apiId}/functions/${key.split("/").map(encodeURIComponent).join("/")}`;

const toFunction = (ctx: ProjectContext) => (row: store.FunctionRow) => ({
  id: row.id,
  key: row.key,
  code: row.code_key,
  functionUrl: functionUrl(ctx, row.key),
  runtime: row.runtime,
  size: row.bytes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Relay pages with first/after, other clients with limit/nextToken (as listTypes). */
const pageOf = (args: { limit?: number | null; nextToken?: string | null; first?: number | null; after?: string | null }) => ({
  limit: args.first ?? args.limit ?? DEFAULT_LIMIT,
  nextToken: args.after ?? args.nextToken,
});

/** Deletes stored bytes once the rows that named them are gone; a failure leaves only an orphan object. */
/** File and function writes record activities too: the console's open Logs screens hear of them once committed. */
const announceActivities = (ctx: ProjectContext) =>
  void appendAfterCommit(ctx.db, [activitiesChange(ctx.project.apiId)]).then(() => ctx.pubsub.changesCommitted());

async function dropObjects(ctx: ProjectContext, keys: string[]) {
  await Promise.all(keys.map((key) => ctx.objects.delete(key)));
}

/** The body of uploadInlineFile: base64, at most INLINE_FILE_MAX_BYTES once decoded. */
function decodeBody(body: string) {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw refuse("BAD_USER_INPUT", "error_file_body", "body must be the file's content in base64.");
  const bytes = Buffer.from(body, "base64");
  if (bytes.length > INLINE_FILE_MAX_BYTES) throw refuse("BAD_USER_INPUT", "error_file_too_large", "File is too large.", { max: INLINE_FILE_MAX_BYTES });
  return bytes;
}

async function zipped(name: string, bytes: Buffer) {
  const zip = new JSZip();
  zip.file(name, bytes);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

type PageArgs = Parameters<typeof pageOf>[0];
interface InlineInput {
  key: string;
  mimeType: string;
  accessControl?: AccessControl | null;
  archiveFormat?: "ZIP" | "NONE" | null;
  body: string;
  isCloudFunction?: boolean | null;
}

/** Spec §7 "Files" and "Cloud functions" on a project's endpoint; who may call as for entries (./access.ts). */
export function filesResolvers() {
  return {
    Query: {
      viewerCanUploadFiles: (_: unknown, __: unknown, ctx: ProjectContext) => mayDo(ctx.project.caller, "create"),
      viewerCanDeleteFiles: (_: unknown, __: unknown, ctx: ProjectContext) => mayDo(ctx.project.caller, "delete"),
      async listFileDocument(_: unknown, args: PageArgs, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "read");
        const page = pageOf(args);
        return toConnection(await store.listFiles(ctx.db, ctx.project.apiId, page), page.limit, store.NEWEST_FIRST, toFile(ctx));
      },
      async getFileDocument(_: unknown, { id }: { id: string }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "read");
        const row = await store.fileById(ctx.db, ctx.project.apiId, id);
        return row ? toFile(ctx)(row) : null;
      },
      async listCloudFunction(_: unknown, args: PageArgs, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "read");
        const page = pageOf(args);
        return toConnection(await store.listFunctions(ctx.db, ctx.project.apiId, page), page.limit, store.NEWEST_FIRST, toFunction(ctx));
      },
      /** Spec §9: 50 a page, like activities. */
      async listCloudFunctionLog(_: unknown, args: PageArgs & { key: string }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "read");
        const page = { limit: args.first ?? args.limit ?? LOGS_PAGE, nextToken: args.after ?? args.nextToken };
        return toConnection(await listInvocations(ctx.db, ctx.project.apiId, args.key, page), page.limit, LOGS_NEWEST_FIRST, toLog);
      },
      viewerCanExportFunctions: (_: unknown, __: unknown, ctx: ProjectContext) => mayDo(ctx.project.caller, "create"),
      /** Whoever may upload a function may download its code again (docs/DECISIONS.md); functions stay private. */
      async exportCloudFunction(_: unknown, { id }: { id: string }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "create");
        const { apiId } = ctx.project;
        const row = await store.functionById(ctx.db, apiId, id);
        if (!row) return null;
        const token = signDownload(filesKey(ctx.config), { apiId, key: row.key, expiresAt: Date.now() + EXPORT_URL_MINUTES * 60_000 }, "fn");
        return { url: `${ctx.origin}/p/${apiId}/functions/${row.key}?access=${token}`, fileName: `${row.key.replaceAll("/", "_")}.zip` };
      },
    },
    Mutation: {
      replayCloudFunction: (_: unknown, { input }: { input: { key: string; body: string } }, ctx: ProjectContext) =>
        replayCloudFunction(ctx, { key: checkedKey(input.key), body: decodeBody(input.body) }),
      async uploadFileIntent(_: unknown, { input }: { input: { key: string; mimeType: string; accessControl?: AccessControl | null } }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "create");
        const key = checkedKey(input.key);
        const mimeType = checkedMimeType(input.mimeType);
        await requireUploadQuota(ctx);
        const maxBytes = ctx.config.limits.fileMaxBytes;
        const token = signUpload(filesKey(ctx.config), { apiId: ctx.project.apiId, key, mimeType, maxBytes, expiresAt: Date.now() + UPLOAD_URL_MINUTES * 60_000, nonce: uploadNonce() });
        return {
          key,
          mimeType,
          uploadUrl: `${ctx.origin}/p/${ctx.project.apiId}/files/${key}?upload=${token}`,
          url: fileUrl(ctx, key, input.accessControl ?? "private"),
          name: fileNameOf(key),
          maxBytes,
        };
      },
      async batchCreateFileDocument(_: unknown, { input }: { input: { key: string; name?: string | null; mimeType: string; accessControl?: AccessControl | null }[] }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "create");
        checkBatch(input);
        const { apiId } = ctx.project;
        const rows = await ctx.db.transaction().execute(async (tx) => {
          const written: Awaited<ReturnType<typeof store.upsertFile>>[] = [];
          for (const item of input) {
            const key = checkedKey(item.key);
            const mimeType = checkedMimeType(item.mimeType);
            const upload = await store.uploadOf(tx, apiId, key);
            if (!upload || upload.mime_type !== mimeType) {
              throw refuse("BAD_USER_INPUT", "error_file_not_uploaded", "No file was uploaded under this key with this type. Upload it to the intent's uploadUrl first.", { key });
            }
            const name = (item.name ?? "").trim() || fileNameOf(key);
            if (name.length > 255) throw refuse("BAD_USER_INPUT", "error_file_name_too_long", "A file name has at most 255 characters.", { key });
            const objectKey = store.objectKeyOf(apiId, { key, object_key: upload.object_key });
            written.push(await store.upsertFile(tx, apiId, { key, objectKey, name, mimeType, accessControl: item.accessControl ?? "private", bytes: upload.bytes }));
          }
          for (const w of written) await recordActivities(tx, apiId, activityOf(w), "FileDocument", [w.row.id]);
          return written;
        });
        announceActivities(ctx);
        await dropObjects(ctx, rows.flatMap((w) => (w.replacedObject ? [w.replacedObject] : [])));
        return rows.map((w) => toFile(ctx)(w.row));
      },
      async batchDeleteFileDocument(_: unknown, { input }: { input: { id: string }[] }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "delete");
        checkBatch(input);
        const { apiId } = ctx.project;
        const rows = await ctx.db.transaction().execute(async (tx) => {
          const deleted = await store.deleteFiles(tx, apiId, input.map((item) => item.id));
          await recordActivities(tx, apiId, "REMOVE", "FileDocument", deleted.rows.map((row) => row.id));
          return deleted;
        });
        announceActivities(ctx);
        await dropObjects(ctx, rows.objects);
        return rows.rows.map(toFile(ctx));
      },
      async uploadInlineFile(_: unknown, { input }: { input: InlineInput }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "create");
        const { apiId } = ctx.project;
        const sourceKey = checkedKey(input.key);
        const mimeType = checkedMimeType(input.mimeType);
        const archived = (input.archiveFormat ?? "ZIP") === "ZIP";
        const runtime = input.isCloudFunction ? runtimeOf(sourceKey) : null;
        if (input.isCloudFunction && (!runtime || !archived)) {
          throw refuse("BAD_USER_INPUT", "error_file_invalid_format", "Invalid file format.", { key: sourceKey });
        }
        // Spec §9 lists Ruby 3.2, but nothing could ever run it here: refused now rather than stored dead.
        if (runtime === "ruby3.2") {
          throw refuse("BAD_USER_INPUT", "error_function_runtime_unavailable", "Ruby functions cannot run on this platform (it has no sandboxed Ruby runtime). Upload a JavaScript function (.js, .mjs, .cjs).", { key: sourceKey });
        }
        const source = decodeBody(input.body);
        await requireUploadQuota(ctx);
        const bytes = archived ? await zipped(fileNameOf(sourceKey), source) : source;
        if (runtime) {
          // Functions are private (spec §7): their code is kept apart from the project's files.
          const codeKey = store.functionObjectKey(apiId, sourceKey);
          await ctx.objects.put(codeKey, bytes);
          const row = await ctx.db.transaction().execute(async (tx) => {
            const written = await store.upsertFunction(tx, apiId, { key: sourceKey, codeKey, runtime, bytes: bytes.length });
            await recordActivities(tx, apiId, activityOf(written), "CloudFunction", [written.row.id]);
            return written.row;
          });
          announceActivities(ctx);
          return { key: sourceKey, mimeType, name: fileNameOf(sourceKey), file: null, cloudFunction: toFunction(ctx)(row) };
        }
        const key = archived ? checkedKey(`${sourceKey}.zip`) : sourceKey;
        const storedType = archived ? "application/zip" : mimeType;
        // An object of its own, as a signed upload gets: the document and its bytes change together.
        const objectKey = store.newFileObjectKey(apiId);
        await ctx.objects.put(objectKey, bytes);
        const { written, unused } = await ctx.db.transaction().execute(async (tx) => {
          const unused = await store.recordUpload(tx, apiId, key, { mimeType: storedType, bytes: bytes.length, objectKey });
          const written = await store.upsertFile(tx, apiId, { key, objectKey, name: fileNameOf(key), mimeType: storedType, accessControl: input.accessControl ?? "private", bytes: bytes.length });
          await recordActivities(tx, apiId, activityOf(written), "FileDocument", [written.row.id]);
          return { written, unused };
        });
        announceActivities(ctx);
        await dropObjects(ctx, [unused, written.replacedObject].flatMap((object) => (object ? [object] : [])));
        return { key, mimeType: storedType, name: written.row.name, file: toFile(ctx)(written.row), cloudFunction: null };
      },
      async batchDeleteCloudFunction(_: unknown, { input }: { input: { id: string }[] }, ctx: ProjectContext) {
        requireAction(ctx.project.caller, "delete");
        checkBatch(input);
        const { apiId } = ctx.project;
        const rows = await ctx.db.transaction().execute(async (tx) => {
          const deleted = await store.deleteFunctions(tx, apiId, input.map((item) => item.id));
          await recordActivities(tx, apiId, "REMOVE", "CloudFunction", deleted.map((row) => row.id));
          return deleted;
        });
        announceActivities(ctx);
        await dropObjects(ctx, rows.map((row) => row.code_key));
        return rows.map(toFunction(ctx));
      },
    },
    Subscription: {
      /** Each invocation of the function as it is recorded, for its log list on the Cloud functions screen. */
      onCloudFunctionLog: {
        subscribe(_: unknown, args: { key: string }, ctx: ProjectContext) {
          requireAction(ctx.project.caller, "read");
          return ctx.pubsub.subscribe("functionLog:recorded", functionLogTopic(ctx.project.apiId, args.key));
        },
        resolve: toLog,
      },
    },
  };
}

const LOGS_PAGE = 50;

const toLog = (row: FunctionLogRow) => ({
  id: row.id,
  source: row.source,
  status: row.status,
  error: row.error,
  stdout: row.stdout,
  stderr: row.stderr,
  durationMs: row.duration_ms,
  cpuMs: row.cpu_ms,
  memoryBytes: row.memory_bytes,
  createdAt: row.created_at,
});

/** INSERT for a new row, MODIFY for one that replaced another of the same key. */
const activityOf = (written: { created: boolean }) => (written.created ? "INSERT" : "MODIFY");
