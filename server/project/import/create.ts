import type { Context } from "../../graphqlKit/context";
import type { DbOrTx } from "../../db/database";
import { refuse } from "../../graphqlKit/errors";
import { liveApiData, sealCredential, type LiveApi } from "./liveApi";
import { importedModel, INTROSPECTION, type ImportedTable, type Introspection } from "./model";
import type { SchemaModel } from "../../../src/domain/model";

/**
 * Creating an imported project (spec §2/§4 'schema extracted from the live API and saved
 * once'): the live API is read by introspection before anything is written, so a wrong URL or
 * credential creates no project; its model and its tables' operations are saved with it.
 */
export interface ReadImport {
  live: LiveApi;
  model: SchemaModel;
  tables: ImportedTable[];
}

export async function readImport(ctx: Context, input: { importUrl?: string | null; importApiKey?: string | null; importToken?: string | null }): Promise<ReadImport> {
  const url = input.importUrl?.trim();
  if (!url) throw refuse("BAD_USER_INPUT", "error_import_url_required", "An imported project needs the address of its live GraphQL API.");
  const apiKey = input.importApiKey?.trim();
  const token = input.importToken?.trim();
  if (!!apiKey === !!token) throw refuse("BAD_USER_INPUT", "error_import_credential_required", "Give either the live API's API key or a bearer token.");
  const live: LiveApi = { url, credential: apiKey ? { kind: "apiKey", value: apiKey } : { kind: "token", value: token!.replace(/^Bearer\s+/i, "") } };
  const data = (await liveApiData(live, INTROSPECTION, {}, { config: ctx.config, origin: ctx.origin })) as Introspection;
  if (!data.__schema) throw refuse("BAD_USER_INPUT", "error_import_not_graphql", `The live API at ${url} did not answer as a GraphQL API.`, { url, status: 200 });
  const { model, tables } = importedModel(data);
  if (tables.length === 0)
    throw refuse("BAD_USER_INPUT", "error_import_no_tables", "The live API has no types that can be listed and read by id, so there is nothing to import.");
  return { live, model, tables };
}

export async function saveImport(db: DbOrTx, ctx: Context, apiId: string, read: ReadImport) {
  await db
    .updateTable("apis")
    .set({ import_url: read.live.url, import_credential: sealCredential(ctx.config, apiId, read.live.credential), import_operations: JSON.stringify(read.tables) })
    .where("id", "=", apiId)
    .execute();
}
