import type { Resolvers } from "../../graphql/__generated__/resolvers";
import type { Context } from "../../graphqlKit/context";
import { forbidden, refuse } from "../../graphqlKit/errors";
import { viewerStanding } from "../../access";
import { canDeleteData } from "../../../src/domain/permissions";
import { liveApiData } from "./liveApi";
import type { ImportedTable } from "./model";
import { forwardImportedRequest } from "./playground";
import { importedProject } from "./importedProject";
import { jsonObject } from "./jsonObject";

/**
 * The data explorer of an imported project: its rows are the live API's, read and written
 * through the live API's own operations with the stored credential. The project's members
 * read with data-view rights and write with data-edit rights; an operation the live API does
 * not have is refused, so such a table is read-only.
 */
async function importedTable(ctx: Context, apiId: string, tableName: string, write: boolean) {
  const { api, membership, live, options } = await importedProject(ctx, apiId, write);
  const table = ((api.import_operations ?? []) as ImportedTable[]).find((candidate) => candidate.name === tableName);
  if (!table) throw refuse("BAD_USER_INPUT", "error_import_table_unknown", `The imported project has no table ${tableName}.`, { table: tableName });
  return { table, membership, call: (query: string, variables: Record<string, unknown>) => liveApiData(live, query, variables, options) };
}

const selection = (table: ImportedTable) => ["id", ...table.fields].join(" ");

const missing = (table: ImportedTable, operation: string) =>
  refuse("BAD_USER_INPUT", "error_import_read_only", `The live API has no ${operation} for ${table.name}: the table is read-only here.`, { table: table.name, operation });

/** Most rows one page asks the live API for. */
const MAX_PAGE = 1000;

async function write(ctx: Context, apiId: string, tableName: string, kind: "create" | "update" | "delete", input: Record<string, unknown>) {
  const { table, membership, call } = await importedTable(ctx, apiId, tableName, true);
  // Deleting entries is the admins' right on every project (spec's CAN_DELETE DATA), imported ones too.
  if (kind === "delete" && !canDeleteData(membership.roleType)) throw forbidden();
  const operation = table[kind];
  if (!operation) throw missing(table, kind);
  const data = await call(`mutation ($input: ${operation.inputType}) { ${operation.name}(input: $input) { ${selection(table)} } }`, { input });
  return JSON.stringify(data[operation.name]);
}

export const importResolvers: Resolvers = {
  Api: {
    viewerCanDeleteData: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canDeleteData(membership.roleType);
    },
  },
  Query: {
    async importedEntries(_, args, ctx) {
      const { table, call } = await importedTable(ctx, args.apiId, args.table, false);
      const limit = Math.min(Math.max(args.limit ?? 50, 1), MAX_PAGE);
      const data = await call(`query ($limit: Int, $nextToken: String) { ${table.list}(limit: $limit, nextToken: $nextToken) { items { ${selection(table)} } nextToken } }`, {
        limit,
        nextToken: args.nextToken ?? null,
      });
      const page = data[table.list] ?? { items: [], nextToken: null };
      return { items: (page.items ?? []).filter(Boolean).map((item: unknown) => JSON.stringify(item)), nextToken: page.nextToken ?? null };
    },
  },
  Mutation: {
    createImportedEntry: (_, args, ctx) => write(ctx, args.apiId, args.table, "create", jsonObject(args.values)),
    updateImportedEntry: (_, args, ctx) => write(ctx, args.apiId, args.table, "update", jsonObject(args.values)),
    deleteImportedEntry: (_, args, ctx) => write(ctx, args.apiId, args.table, "delete", { id: args.id }),
    forwardImportedRequest: (_, args, ctx) => forwardImportedRequest(ctx, args),
  },
};
