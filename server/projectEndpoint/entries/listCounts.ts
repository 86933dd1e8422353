import { sql } from "kysely";
import { refuse } from "../../graphqlKit/errors";
import type { ProjectContext } from "../context";
import { countEntries, estimateEntries, type ListQuery } from "./store";

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = "57014";

/**
 * The sizes of a table's list (the console's pager): the planner's estimate, which counts
 * nothing, and the exact count, asked for on purpose, stopped at `listCountMax` entries and after
 * `listCountTimeoutMs`. graphql-js calls these only when a query selects them.
 */
export function listSizes(query: ListQuery) {
  return {
    estimatedCount: (_: unknown, ctx: ProjectContext) => estimateEntries(ctx.db, query),
    exactCount: async (_: unknown, ctx: ProjectContext) => {
      const { listCountMax, listCountTimeoutMs } = ctx.config.limits;
      try {
        return await ctx.db.transaction().execute(async (tx) => {
          await sql`select set_config('statement_timeout', ${String(listCountTimeoutMs)}, true)`.execute(tx);
          const counted = await countEntries(tx, query, listCountMax + 1);
          return { count: Math.min(counted, listCountMax), more: counted > listCountMax };
        });
      } catch (error) {
        if ((error as { code?: string }).code !== QUERY_CANCELED) throw error;
        throw refuse("UNAVAILABLE", "error_count_timeout", "Counting these entries took too long; the estimate stands. Narrow the filter to count.");
      }
    },
  };
}
