import { getOperationAST, Kind, parse, type DocumentNode } from "graphql";
import type { Context } from "../../graphqlKit/context";
import { forbidden, refuse } from "../../graphqlKit/errors";
import { canDeleteData, canEditData } from "../../../src/domain/permissions";
import { importedProject } from "./importedProject";
import { callLiveApi } from "./liveApi";
import { jsonObject } from "./jsonObject";

/**
 * The playground of an imported project: the browser never holds the live API's credential, so
 * the platform sends the member's request to the stored URL with it, through the same bounded,
 * public-address-only call as the data explorer. Queries need the right to view data, mutations
 * the right to edit it (they write the live API's rows just as the explorer does); subscriptions
 * would need a socket held open to the live API and are refused.
 */
export async function forwardImportedRequest(ctx: Context, args: { apiId: string; query: string; variables?: string | null; operationName?: string | null }) {
  const { membership, live, options } = await importedProject(ctx, args.apiId, false);
  let document: DocumentNode;
  try {
    document = parse(args.query);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw refuse("BAD_USER_INPUT", "error_import_playground_syntax", `The request is not valid GraphQL: ${detail}`, { detail });
  }
  const operation = getOperationAST(document, args.operationName ?? undefined);
  if (!operation) throw refuse("BAD_USER_INPUT", "error_import_playground_operation", "Name the operation to run: the request has several, or none.");
  if (operation.operation === "subscription")
    throw refuse("BAD_USER_INPUT", "error_import_playground_subscription", "Subscriptions of an imported project's live API cannot be run from the playground.");
  if (operation.operation === "mutation" && !canEditData(membership.permissions)) throw forbidden();
  // A delete… mutation (AppSync's and Baukasten's naming) needs the right to delete entries, as on the Data screen.
  const deletes = operation.selectionSet.selections.some((selection) => selection.kind === Kind.FIELD && /^(batch)?delete/i.test(selection.name.value));
  if (operation.operation === "mutation" && deletes && !canDeleteData(membership.roleType)) throw forbidden();
  const variables = parseVariables(args.variables);
  const body = await callLiveApi(live, args.query, variables, { ...options, operationName: args.operationName });
  const answer = JSON.stringify({ data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) });
  // A live API that echoes request headers in its answer would hand the credential to the browser.
  return answer.split(live.credential.value).join("[credential]");
}

function parseVariables(text: string | null | undefined): Record<string, unknown> {
  return text?.trim() ? jsonObject(text) : {};
}
