import DataLoader from "dataloader";
import type { Context } from "../graphqlKit/context";
import { listApisPages, type ApiListRow, type ApisPage } from "../project/store";

/*
 * Org.apis pages of one request, read together: the pages asked in the same tick (several orgs'
 * project lists, or two pages of one org) go to the database as one statement. Nothing is
 * cached, so a subscription, whose context lives on, never answers an old page.
 */
const loaders = new WeakMap<Context, DataLoader<ApisPage, ApiListRow[], string>>();

const keyOf = (page: ApisPage) => `${page.orgId}\n${page.limit}\n${page.afterId ?? ""}`;

/** `limit` projects of the org after `afterId`, read with the other pages this request asks for now. */
export function apisPageOf(ctx: Context, page: ApisPage): Promise<ApiListRow[]> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((pages: readonly ApisPage[]) => listApisPages(ctx.db, pages), { cache: false, cacheKeyFn: keyOf });
    loaders.set(ctx, loader);
  }
  return loader.load(page);
}
