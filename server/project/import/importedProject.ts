import type { Context } from "../../graphqlKit/context";
import { forbidden, notFound, refuse } from "../../graphqlKit/errors";
import { requireMembership } from "../../access";
import { canEditData, canViewData } from "../../../src/domain/permissions";
import { findApi } from "../store";
import { openCredential, type LiveApi } from "./liveApi";

/**
 * An imported project as its data explorer and playground call it: the member's right checked
 * (data-view to read, data-edit to write), and its live API with the stored credential opened.
 */
export async function importedProject(ctx: Context, apiId: string, write: boolean) {
  const api = await findApi(ctx.db, apiId);
  if (!api) throw notFound();
  const membership = await requireMembership(ctx, api.org_id);
  if (!(write ? canEditData(membership.permissions) : canViewData(membership.permissions))) throw forbidden();
  if (api.creation_type !== "IMPORT" || !api.import_url || !api.import_credential)
    throw refuse("BAD_USER_INPUT", "error_import_not_imported", "This project was not imported from a live API.");
  const live: LiveApi = { url: api.import_url, credential: openCredential(ctx.config, api.id, api.import_credential) };
  return { api, membership, live, options: { config: ctx.config, origin: ctx.origin } };
}
