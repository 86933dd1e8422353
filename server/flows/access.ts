import type { Context } from "../graphqlKit/context";
import type { DbOrTx } from "../db/database";
import { forbidden, notFound } from "../graphqlKit/errors";
import { requireMembership, viewerStanding } from "../access";
import { findApi, type ApiRow } from "../project/store";
import { canDeleteData, canPublishApi, canViewData } from "../../src/domain/permissions";
import { isImported } from "../../src/domain/apiState";

/**
 * Who may do what with a project's flows, as with its other tools (spec §6): members who may read
 * its data see flows and their runs (runs show entries), DEV and up add and edit them
 * (canPublishApi), admins delete them. Imported projects have no flows (spec §2).
 */
export type FlowAction = "read" | "edit" | "delete";

const allowed = (action: FlowAction, standing: Awaited<ReturnType<typeof requireMembership>>, api: ApiRow) => {
  if (isImported({ creationType: api.creation_type, state: api.state })) return false;
  if (action === "read") return canViewData(standing.permissions);
  if (action === "edit") return canPublishApi(standing.roleType);
  return canDeleteData(standing.roleType);
};

/** The project, when the caller may do `action` with its flows; FORBIDDEN (or NOT_FOUND) otherwise. */
export async function requireFlowAccess(ctx: Context, apiId: string, action: FlowAction, db: DbOrTx = ctx.db): Promise<ApiRow> {
  const api = await findApi(db, apiId);
  if (!api) throw notFound();
  const standing = await requireMembership(ctx, api.org_id, db);
  if (!allowed(action, standing, api)) throw forbidden();
  return api;
}

/** For viewerCan… fields: false instead of an error. */
export async function viewerMay(ctx: Context, api: ApiRow | undefined, action: FlowAction): Promise<boolean> {
  if (!api) return false;
  const standing = await viewerStanding(ctx, api.org_id);
  return standing !== null && allowed(action, standing, api);
}
