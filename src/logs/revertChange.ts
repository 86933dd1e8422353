import { ApiError, requestFailed } from "../relay/errors";
import { projectCredentials } from "../data/csv/csvApi";

export interface RevertableChange {
  field: string;
  before: string | null;
  tooLarge: boolean;
}

/** The fields and values that undo a MODIFY: each kept field back to its value before (null: no value). */
export const revertFields = (changes: readonly RevertableChange[]) =>
  Object.fromEntries(changes.filter((change) => !change.tooLarge).map((change) => [change.field, change.before === null ? null : JSON.parse(change.before)]));

/**
 * Reverts a MODIFY the way the record editor saves: updateType on the project's own endpoint,
 * as the signed-in member, so the server's rules, rights and triggers apply and the write is
 * itself a new MODIFY.
 */
export async function revertChange(apiId: string, recordType: string, recordId: string, changes: readonly RevertableChange[]) {
  let response: Response;
  try {
    response = await fetch(`/p/${encodeURIComponent(apiId)}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await projectCredentials()) },
      body: JSON.stringify({
        query: "mutation RevertChange($id: ID!, $ofType: String!, $fields: String!) { updateType(id: $id, ofType: $ofType, fields: $fields) { id } }",
        variables: { id: recordId, ofType: recordType, fields: JSON.stringify(revertFields(changes)) },
      }),
    });
  } catch {
    throw requestFailed();
  }
  const body = (await response.json().catch(() => null)) as { errors?: { message: string; extensions?: Record<string, unknown> }[] } | null;
  const error = body?.errors?.[0];
  if (error) {
    const { code, messageId, ...values } = error.extensions ?? {};
    throw new ApiError(error.message, messageId as string | undefined, code as string | undefined, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
  }
  if (!response.ok) throw requestFailed();
}
