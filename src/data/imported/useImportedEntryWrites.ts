import { graphql } from "react-relay/hooks";
import { useMutate } from "../../relay/mutate";
import type { useImportedEntryWritesCreateMutation } from "../../__generated__/useImportedEntryWritesCreateMutation.graphql";
import type { useImportedEntryWritesUpdateMutation } from "../../__generated__/useImportedEntryWritesUpdateMutation.graphql";
import type { useImportedEntryWritesDeleteMutation } from "../../__generated__/useImportedEntryWritesDeleteMutation.graphql";

const createEntry = graphql`
  mutation useImportedEntryWritesCreateMutation($apiId: ID!, $table: String!, $values: String!) {
    createImportedEntry(apiId: $apiId, table: $table, values: $values)
  }
`;
const updateEntry = graphql`
  mutation useImportedEntryWritesUpdateMutation($apiId: ID!, $table: String!, $values: String!) {
    updateImportedEntry(apiId: $apiId, table: $table, values: $values)
  }
`;
const deleteEntry = graphql`
  mutation useImportedEntryWritesDeleteMutation($apiId: ID!, $table: String!, $id: ID!) {
    deleteImportedEntry(apiId: $apiId, table: $table, id: $id)
  }
`;

/** The platform's writes into an imported table; the live API's rows are not in Relay's store, so callers reload. */
export function useImportedEntryWrites() {
  const [create, creating] = useMutate<useImportedEntryWritesCreateMutation>(createEntry);
  const [update, updating] = useMutate<useImportedEntryWritesUpdateMutation>(updateEntry);
  const [remove, removing] = useMutate<useImportedEntryWritesDeleteMutation>(deleteEntry);
  return { create, update, remove, busy: creating || updating || removing };
}
