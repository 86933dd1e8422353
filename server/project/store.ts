import type { ImportedTable } from "./import/model";
import { CompiledQuery, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphqlKit/ids";
import { prepared } from "../db/preparedStatements";
import { projectAddresses } from "../../src/domain/projectUrls";

export type ApiRow = Selectable<Tables["apis"]>;
/** A project as lists read it: without the declaration, which can be large (Api.schema reads it when asked). */
export type ApiListRow = Omit<ApiRow, "schema">;

const LIST_COLUMNS = [
  "id",
  "org_id",
  "name",
  "region",
  "state",
  "creation_type",
  "default_auth_mode",
  "additional_auth_modes",
  "aws_account_id",
  "use_prefix",
  "oidc",
  "graphql_url",
  "query_explorer_string",
  "auth_provider_client_id",
  "published_version",
  "default_api_key_id",
  "retention_in_days",
  "amplify_names",
  "import_url",
  "import_operations",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof ApiListRow)[];

/** An imported project's tables as the console shows them: names, fields and which writes the live API has. */
const importedTablesOf = (operations: unknown) =>
  ((operations ?? []) as ImportedTable[]).map((table) => ({ name: table.name, fields: table.fields, canCreate: !!table.create, canUpdate: !!table.update, canDelete: !!table.delete }));

export function toApi(row: ApiRow | ApiListRow) {
  return {
    id: row.id,
    name: row.name,
    orgId: row.org_id,
    region: row.region,
    state: row.state,
    creationType: row.creation_type,
    defaultAuthMode: row.default_auth_mode,
    additionalAuthModes: row.additional_auth_modes,
    awsAccountId: row.aws_account_id,
    usePrefix: row.use_prefix,
    graphqlUrl: row.graphql_url,
    // The endpoint's address segment is the project's id (server/projectEndpoint/endpoint.ts).
    externalId: row.graphql_url ? row.id : null,
    ...projectAddresses(row.graphql_url),
    /** Undefined when the row came from a list. */
    schema: "schema" in row ? row.schema : undefined,
    oidc: row.oidc,
    queryExplorerString: row.query_explorer_string,
    apiKey: row.default_api_key_id,
    authProviderClientId: row.auth_provider_client_id,
    retentionInDays: row.retention_in_days,
    amplifyNames: row.amplify_names,
    importUrl: row.import_url ?? null,
    importedTables: importedTablesOf(row.import_operations),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
export type Api = ReturnType<typeof toApi>;

/**
 * Newest first, as the dashboard shows them; a page starts after the project `afterId` (keyset,
 * on the apis_org index). The cursor row's created_at is compared in SQL: a JavaScript Date
 * drops the microseconds PostgreSQL keeps.
 */
export async function listApisOfOrg(db: DbOrTx, orgId: string, limit: number, afterId: string | null) {
  const sql = afterId === null ? FIRST_APIS_PAGE_SQL : APIS_PAGE_AFTER_SQL;
  const parameters = afterId === null ? [orgId, limit] : [orgId, limit, afterId];
  return (await db.executeQuery(CompiledQuery.raw(sql, parameters))).rows as ApiListRow[];
}

const LIST_COLUMNS_SQL = LIST_COLUMNS.map((column) => `"${column}"`).join(", ");

/**
 * A page of the org's projects, newest first (keyset: the page starts after the project whose id
 * is the parameter `afterParam`, or at the newest when null). $1 is the org, $2 the page size.
 * Written out once rather than built by the query builder, which would compile it anew on every
 * request.
 */
function apisPageSql(afterParam: string | null) {
  const cursorCreatedAt = `(select "created_at" from "apis" where "id" = ${afterParam} and "org_id" = $1)`;
  const after = afterParam === null ? "" : ` and ("created_at" < ${cursorCreatedAt} or ("created_at" = ${cursorCreatedAt} and "id" > ${afterParam}))`;
  return `select ${LIST_COLUMNS_SQL} from "apis" where "org_id" = $1${after} order by "created_at" desc, "id" limit $2`;
}
const FIRST_APIS_PAGE_SQL = prepared(apisPageSql(null));
const APIS_PAGE_AFTER_SQL = prepared(apisPageSql("$3"));

/** A page of an org's projects: `limit` rows after the project `afterId` (or from the newest). */
export interface ApisPage {
  orgId: string;
  limit: number;
  afterId: string | null;
}

/*
 * Several pages in one statement (DataLoader's batch: orgs listed together, or two pages of one
 * org in one operation), each page a keyset read as apisPageSql's, numbered by its place in the
 * arrays.
 */
const APIS_PAGES_SQL = prepared(
  `select "pages"."n" as "page_index", ${LIST_COLUMNS.map((column) => `"page"."${column}"`).join(", ")} ` +
    `from unnest($1::text[], $2::int[], $3::text[]) with ordinality as "pages"("org_id", "lim", "after_id", "n") ` +
    `cross join lateral (select ${LIST_COLUMNS_SQL} from "apis" where "apis"."org_id" = "pages"."org_id" and ("pages"."after_id" is null ` +
    `or "created_at" < (select "created_at" from "apis" as "cursor" where "cursor"."id" = "pages"."after_id" and "cursor"."org_id" = "pages"."org_id") ` +
    `or ("created_at" = (select "created_at" from "apis" as "cursor" where "cursor"."id" = "pages"."after_id" and "cursor"."org_id" = "pages"."org_id") and "apis"."id" > "pages"."after_id")) ` +
    `order by "created_at" desc, "apis"."id" limit "pages"."lim") as "page" order by "pages"."n", "page"."created_at" desc, "page"."id"`,
);

/** The rows of each page, in the order asked; one page alone takes listApisOfOrg's statement. */
export async function listApisPages(db: DbOrTx, pages: readonly ApisPage[]): Promise<ApiListRow[][]> {
  if (pages.length === 1) return [await listApisOfOrg(db, pages[0].orgId, pages[0].limit, pages[0].afterId)];
  const parameters = [pages.map((page) => page.orgId), pages.map((page) => page.limit), pages.map((page) => page.afterId)];
  const rows = (await db.executeQuery(CompiledQuery.raw(APIS_PAGES_SQL, parameters))).rows as (ApiListRow & { page_index: string | number })[];
  const byPage: ApiListRow[][] = pages.map(() => []);
  for (const { page_index: index, ...row } of rows) byPage[Number(index) - 1].push(row);
  return byPage;
}

/** The project's declaration: from the row when it was read, else read now (a list left it out). */
export async function schemaOfApi(db: DbOrTx, api: Pick<Api, "id" | "schema">): Promise<string> {
  if (api.schema !== undefined) return api.schema;
  const row = await db.selectFrom("apis").select("schema").where("id", "=", api.id).executeTakeFirst();
  return row?.schema ?? "";
}

export async function findApi(db: DbOrTx, id: string) {
  return db.selectFrom("apis").selectAll().where("id", "=", id).executeTakeFirst();
}

interface NewApi {
  orgId: string;
  name: string;
  region: string;
  state: string;
  creationType: string;
  defaultAuthMode: string;
  additionalAuthModes: string[];
  awsAccountId: string;
  usePrefix: boolean;
  oidc: string | null;
  schema: string;
}

export async function insertApi(db: DbOrTx, values: NewApi) {
  return db
    .insertInto("apis")
    .values({
      id: newId("Api"),
      org_id: values.orgId,
      name: values.name,
      region: values.region,
      state: values.state,
      creation_type: values.creationType,
      default_auth_mode: values.defaultAuthMode,
      additional_auth_modes: JSON.stringify(values.additionalAuthModes),
      aws_account_id: values.awsAccountId,
      use_prefix: values.usePrefix,
      oidc: values.oidc,
      schema: values.schema,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ApiChanges {
  name?: string;
  region?: string;
  schema?: string;
  defaultAuthMode?: string;
  additionalAuthModes?: string[];
  oidc?: string | null;
  authProviderClientId?: string | null;
  queryExplorerString?: string | null;
  awsAccountId?: string;
  amplifyNames?: boolean;
}

export async function updateApiRow(db: DbOrTx, id: string, changes: ApiChanges) {
  const set = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.region !== undefined ? { region: changes.region } : {}),
    ...(changes.schema !== undefined ? { schema: changes.schema } : {}),
    ...(changes.defaultAuthMode !== undefined ? { default_auth_mode: changes.defaultAuthMode } : {}),
    ...(changes.additionalAuthModes !== undefined ? { additional_auth_modes: JSON.stringify(changes.additionalAuthModes) } : {}),
    ...(changes.oidc !== undefined ? { oidc: changes.oidc } : {}),
    ...(changes.authProviderClientId !== undefined ? { auth_provider_client_id: changes.authProviderClientId } : {}),
    ...(changes.queryExplorerString !== undefined ? { query_explorer_string: changes.queryExplorerString } : {}),
    ...(changes.awsAccountId !== undefined ? { aws_account_id: changes.awsAccountId } : {}),
    ...(changes.amplifyNames !== undefined ? { amplify_names: changes.amplifyNames } : {}),
  };
  return db
    .updateTable("apis")
    .set({ ...set, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row locked for the rest of the transaction, so concurrent updates apply one after another. */
export async function findApiForUpdate(db: DbOrTx, id: string) {
  return db.selectFrom("apis").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}
