import type { IncomingMessage, ServerResponse } from "node:http";
import { appendChanges } from "../../changes/log";
import { apiChange } from "../../changes/topics";
import { randomBytes } from "node:crypto";
import { addField } from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";
import { CSV_HEADER_MAX_BYTES, isCsvFileName, planColumns } from "../../../src/domain/csv";
import { refuse } from "../../graphqlKit/errors";
import { enqueueJob } from "../../jobs/store";
import { findApiForUpdate, type Api } from "../../project/store";
import { startPublishRun } from "../../publishing/resolvers";
import type { DbOrTx, Tx } from "../../db/database";
import { requireAction } from "../access/access";
import type { ProjectContext } from "../context";
import { answerError, answerJson, liveTable, requireModelRights, requireWithinLimit } from "./requests";
import { importObjectKey, importStatus } from "./imports";
import { CSV_IMPORT_JOB } from "./job";
import { readHeader } from "./parse";
import { storeUpload, UploadTooLarge } from "./upload";
import { isStorableText, storableText } from "./storable";

const invalidFormat = () => refuse("BAD_USER_INPUT", "form_dropzone.invalid_format", "Invalid file format.");

const HEADER_REFUSALS = {
  error_csv_no_header: "The file has no header row.",
  error_csv_header_too_long: `The header line is longer than ${CSV_HEADER_MAX_BYTES / 1024} KB.`,
  error_csv_header_quote_unclosed: "A quote opened in the header line is never closed.",
};
const headerRefusal = (problem: keyof typeof HEADER_REFUSALS) => refuse("BAD_USER_INPUT", problem, HEADER_REFUSALS[problem], { maxKb: CSV_HEADER_MAX_BYTES / 1024 });

/** A caller's own key for one upload (its retries send the same), at most this long. */
const MAX_IDEMPOTENCY_KEY = 200;

async function existingImport(db: DbOrTx, apiId: string, uploadKey: string) {
  return db.selectFrom("project_imports").selectAll().where("api_id", "=", apiId).where("upload_key", "=", uploadKey).executeTakeFirst();
}

/** Saves the opted-in columns as String fields into the stored model and publishes it (spec §5). */
async function publishCreatedFields(tx: Tx, ctx: ProjectContext, typeId: string, names: readonly string[]): Promise<Api> {
  const row = await findApiForUpdate(tx, ctx.project.apiId);
  const parsed = row ? parseModel(row.schema) : null;
  if (!row || !parsed || !("model" in parsed)) throw refuse("CONFLICT", "error_csv_table_changed", "The table was changed; open it again and retry.");
  let model = parsed.model;
  const table = model.objectTypes.find((candidate) => candidate.id === typeId);
  if (!table) throw refuse("CONFLICT", "error_csv_table_changed", "The table was changed; open it again and retry.");
  for (const name of names) {
    // A field of that name saved but not yet published goes live with this publish as it is.
    if (!table.fields.some((field) => field.name === name)) model = addField(model, typeId, { name, type: "String" }).model;
  }
  return (await startPublishRun(tx, ctx, row, JSON.stringify(model))).api;
}

/**
 * POST /p/<apiId>/imports?table=<name>&fileName=<x.csv>&optIn=<column>…: stores the body as the
 * import's file (streamed, at most csvImportMaxBytes), checks its header against the table, and
 * in one transaction records the import, publishes opted-in columns as fields and enqueues the
 * job. An `Idempotency-Key` (else the file's SHA-256) makes a retried upload return the same import.
 */
export async function startImport(req: IncomingMessage, res: ServerResponse, ctx: ProjectContext, url: URL) {
  if (!isCsvFileName(url.searchParams.get("fileName") ?? "")) throw invalidFormat();
  requireAction(ctx.project.caller, "create");
  const { plan, table } = await liveTable(ctx, url.searchParams.get("table"));
  const optIn = url.searchParams.getAll("optIn");
  if (optIn.length) requireModelRights(ctx);
  const clientKey = req.headers["idempotency-key"];
  if (typeof clientKey === "string" && (clientKey.length === 0 || clientKey.length > MAX_IDEMPOTENCY_KEY)) {
    throw refuse("BAD_USER_INPUT", "error_csv_idempotency_key", `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} characters.`);
  }
  const keyOf = (fallback: string) => `${table.type.id}:${typeof clientKey === "string" ? `key:${clientKey}` : `sha256:${fallback}`}`;
  if (typeof clientKey === "string") {
    const earlier = await existingImport(ctx.db, ctx.project.apiId, keyOf(""));
    if (earlier) return answerJson(res, 200, { import: await importStatus(ctx.db, earlier) });
  }
  await requireWithinLimit(ctx, "import");
  const maxBytes = ctx.config.limits.csvImportMaxBytes;
  const tooLarge = () => answerError(req, res, 413, { code: "BAD_USER_INPUT", messageId: "error_csv_too_large", maxMb: Math.floor(maxBytes / 1024 / 1024) }, `The file is larger than ${maxBytes} bytes.`);
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return tooLarge();

  const importId = `imp_${randomBytes(12).toString("base64url")}`;
  const objectKey = importObjectKey(ctx.project.apiId, importId);
  let upload;
  try {
    upload = await storeUpload(ctx.objects, objectKey, req, maxBytes);
  } catch (error) {
    if (error instanceof UploadTooLarge) return tooLarge();
    throw error;
  }
  const discard = () => ctx.objects.delete(objectKey);
  try {
    if (upload.binary) throw invalidFormat();
    const read = readHeader(upload.head, upload.whole);
    if ("problem" in read) throw headerRefusal(read.problem);
    if (!read.header.every(isStorableText)) throw invalidFormat();
    const { columns, problem } = planColumns(read.header, plan.model, table.type, optIn);
    if (problem) throw refuse("BAD_USER_INPUT", problem.messageId, `The column "${problem.column}" cannot be imported.`, { column: problem.column, ...problem.values });
    const created = columns.flatMap((column) => (column.kind === "create" ? [column.field] : []));
    const uploadKey = keyOf(upload.sha256);

    const outcome = await ctx.db.transaction().execute(async (tx) => {
      const earlier = await existingImport(tx, ctx.project.apiId, uploadKey);
      if (earlier) return { earlier };
      const api = created.length ? await publishCreatedFields(tx, ctx, table.type.id, created) : null;
      const row = await tx
        .insertInto("project_imports")
        .values({
          id: importId,
          api_id: ctx.project.apiId,
          type_id: table.type.id,
          table_name: table.type.name,
          upload_key: uploadKey,
          object_key: objectKey,
          file_name: storableText((url.searchParams.get("fileName") ?? "").slice(0, 255)),
          bytes: upload.bytes,
          encoding: upload.encoding,
          delimiter: read.delimiter,
          header: JSON.stringify(read.header),
          created_fields: JSON.stringify(created),
          status: created.length ? "PUBLISHING" : "PENDING",
          created_by: ctx.project.caller.kind === "apiKey" ? `apiKey:${ctx.project.caller.keyId}` : (ctx.viewer?.email ?? ""),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueJob(tx, CSV_IMPORT_JOB, { apiId: ctx.project.apiId, importId }, 5);
      const status = await importStatus(tx, row);
      if (api) await appendChanges(tx, [apiChange(api)]);
      return { api, status };
    });
    if ("earlier" in outcome && outcome.earlier) {
      await discard();
      return answerJson(res, 200, { import: await importStatus(ctx.db, outcome.earlier) });
    }
    if (outcome.api) ctx.pubsub.changesCommitted();
    // Answered before the job starts: its batches would otherwise queue ahead of this answer.
    answerJson(res, 201, { import: outcome.status });
    ctx.jobs.kick();
  } catch (error) {
    await discard();
    throw error;
  }
}
