import { useMemo, useState } from "react";
import { graphql, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useDeletionProgressSubscription, useDeletionProgressSubscription$data } from "../../__generated__/useDeletionProgressSubscription.graphql";

const progressSubscription = graphql`
  subscription useDeletionProgressSubscription($ofType: String!) {
    onDeleteTypesProgress(ofType: $ofType) {
      deletionId
      deleted
      total
      finished
    }
  }
`;

export type DeletionProgress = useDeletionProgressSubscription$data["onDeleteTypesProgress"];

/**
 * The progress of the delete by filter named `deletionId`, as the server announces each committed
 * chunk (null until the first). The subscription runs while the grid is open, so it is listening
 * before a deletion starts; other users' deletions on the table carry other ids and are ignored.
 */
export function useDeletionProgress(ofType: string, deletionId: string | null): DeletionProgress | null {
  const [progress, setProgress] = useState<DeletionProgress | null>(null);
  const config = useMemo<GraphQLSubscriptionConfig<useDeletionProgressSubscription>>(
    () => ({
      subscription: progressSubscription,
      variables: { ofType },
      onNext(response) {
        if (response) setProgress(response.onDeleteTypesProgress);
      },
    }),
    [ofType],
  );
  useSubscription(config);
  return progress && progress.deletionId === deletionId ? progress : null;
}
