import type { Context } from "../graphqlKit/context";

type PoolIds = { pool_id: string; client_id: string } | undefined;

/** One read per project and request, however many of the authProvider fields are asked. */
const asked = new WeakMap<Context, Map<string, Promise<PoolIds>>>();

/** The project's own user pool, or undefined before its first publish with user-pool auth. */
export function userPoolOf(ctx: Context, apiId: string): Promise<PoolIds> {
  let pools = asked.get(ctx);
  if (!pools) asked.set(ctx, (pools = new Map()));
  let pool = pools.get(apiId);
  if (!pool) {
    pool = ctx.db.selectFrom("project_user_pools").select(["pool_id", "client_id"]).where("api_id", "=", apiId).executeTakeFirst();
    pools.set(apiId, pool);
  }
  return pool;
}
