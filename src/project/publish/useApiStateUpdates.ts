import { useEffect, useState } from "react";
import { fetchQuery, graphql, requestSubscription, useRelayEnvironment } from "react-relay/hooks";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import type { useApiStateUpdatesSubscription } from "../../__generated__/useApiStateUpdatesSubscription.graphql";
import { isPublishFinished } from "../../domain/publish/progress";

const apiUpdated = graphql`
  subscription useApiStateUpdatesSubscription($id: ID!) {
    onUpdateApi(id: $id) {
      id
      state
      apiKey
    }
  }
`;

/**
 * Listens on onUpdateApi(id) while the project publishes (spec §4): each state lands in the
 * store; on PUBLISHED or PUBLISHING_FAILED it stops listening and reloads the project with
 * `reload` from the network. Returns the states seen, oldest first.
 */
export function useApiStateUpdates<Q extends OperationType>(
  apiId: string,
  listening: boolean,
  reload: { query: GraphQLTaggedNode; variables: Q["variables"] },
): string[] {
  const environment = useRelayEnvironment();
  const [seen, setSeen] = useState<string[]>([]);
  const { query, variables } = reload;
  const variablesKey = JSON.stringify(variables);

  useEffect(() => {
    if (!listening) return;
    const subscription = requestSubscription<useApiStateUpdatesSubscription>(environment, {
      subscription: apiUpdated,
      variables: { id: apiId },
      onNext: (response) => {
        const state = response?.onUpdateApi.state;
        if (!state) return;
        setSeen((states) => (states.at(-1) === state ? states : [...states, state]));
        if (!isPublishFinished(state)) return;
        subscription.dispose();
        fetchQuery<Q>(environment, query, JSON.parse(variablesKey), { fetchPolicy: "network-only" }).subscribe({});
      },
    });
    return () => subscription.dispose();
  }, [apiId, environment, listening, query, variablesKey]);

  return seen;
}
