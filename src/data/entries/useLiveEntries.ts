import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useLiveEntriesCreatedSubscription } from "../../__generated__/useLiveEntriesCreatedSubscription.graphql";
import type { useLiveEntriesUpdatedSubscription } from "../../__generated__/useLiveEntriesUpdatedSubscription.graphql";
import { applyNewerEntry } from "./newerEntryUpdater";
import type { useLiveEntriesDeletedSubscription } from "../../__generated__/useLiveEntriesDeletedSubscription.graphql";

const created = graphql`
  subscription useLiveEntriesCreatedSubscription($ofType: String!, $lists: [ID!]!) {
    onCreateType(ofType: $ofType) @prependNode(connections: $lists, edgeTypeName: "TypeEdge") {
      id
      ofType
      fields
      connections
      createdAt
      updatedAt
    }
  }
`;
const updated = graphql`
  subscription useLiveEntriesUpdatedSubscription($ofType: String!) {
    onUpdateType(ofType: $ofType) {
      # Aliased: the event stays apart from the entry; applyNewerEntry copies it only when newer.
      entryId: id
      fields
      connections
      updatedAt
    }
  }
`;
const deleted = graphql`
  subscription useLiveEntriesDeletedSubscription($ofType: String!) {
    onDeleteType(ofType: $ofType) {
      id @deleteRecord
    }
  }
`;

/**
 * Other people's writes to the table reach the grid's list as they commit: new entries are put
 * first, changed ones update in place (by id) unless the event is older than what is shown,
 * deleted ones disappear. The selection and an open
 * edit are kept, since the grid tracks them by entry id.
 */
export function useLiveEntries(ofType: string, connectionId: string) {
  const onCreate = useMemo<GraphQLSubscriptionConfig<useLiveEntriesCreatedSubscription>>(
    () => ({ subscription: created, variables: { ofType, lists: [connectionId] } }),
    [ofType, connectionId],
  );
  const onUpdate = useMemo<GraphQLSubscriptionConfig<useLiveEntriesUpdatedSubscription>>(
    () => ({ subscription: updated, variables: { ofType }, updater: applyNewerEntry }),
    [ofType],
  );
  const onDelete = useMemo<GraphQLSubscriptionConfig<useLiveEntriesDeletedSubscription>>(() => ({ subscription: deleted, variables: { ofType } }), [ofType]);
  useSubscription(onCreate);
  useSubscription(onUpdate);
  useSubscription(onDelete);
}
