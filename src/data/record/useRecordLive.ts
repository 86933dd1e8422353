import { useMemo, useState } from "react";
import { graphql, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useRecordLiveUpdatedSubscription } from "../../__generated__/useRecordLiveUpdatedSubscription.graphql";
import { applyNewerEntry } from "../entries/newerEntryUpdater";
import type { useRecordLiveDeletedSubscription } from "../../__generated__/useRecordLiveDeletedSubscription.graphql";

const updated = graphql`
  subscription useRecordLiveUpdatedSubscription($ofType: String!) {
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
  subscription useRecordLiveDeletedSubscription($ofType: String!) {
    onDeleteType(ofType: $ofType) {
      id
    }
  }
`;

/**
 * Watches the open record (spec §2 "An edited record is watched live"): a change lands in the
 * store (unless it is older than what the store holds), so the form sees the new updatedAt; a
 * deletion is reported as `deleted`.
 */
export function useRecordLive(table: string, id: string) {
  const [gone, setGone] = useState(false);
  const updatedConfig = useMemo<GraphQLSubscriptionConfig<useRecordLiveUpdatedSubscription>>(
    () => ({ subscription: updated, variables: { ofType: table }, updater: applyNewerEntry }),
    [table],
  );
  const deletedConfig = useMemo<GraphQLSubscriptionConfig<useRecordLiveDeletedSubscription>>(
    () => ({
      subscription: deleted,
      variables: { ofType: table },
      onNext: (response) => {
        if (response?.onDeleteType.id === id) setGone(true);
      },
    }),
    [table, id],
  );
  useSubscription(updatedConfig);
  useSubscription(deletedConfig);
  return { deleted: gone };
}
