import { useCallback, useState } from "react";
import { useRelayEnvironment } from "react-relay/hooks";
import { commitMutation, type Environment, type GraphQLTaggedNode, type MutationConfig, type MutationParameters } from "relay-runtime";

/** What a call may add to commitMutation; the store changes come from the mutation's directives. */
type MutateOptions<T extends MutationParameters> = Omit<MutationConfig<T>, "mutation" | "variables" | "onCompleted" | "onError">;

/**
 * The one promise around commitMutation: resolves with the response once the store holds it,
 * rejects with the network's ApiError (spec §8), so callers can `await` and show errorText.
 */
export function mutate<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T["variables"],
  options: MutateOptions<T> = {},
): Promise<T["response"]> {
  return new Promise((resolve, reject) =>
    commitMutation<T>(environment, { ...options, mutation, variables, onCompleted: resolve, onError: reject }),
  );
}

/** mutate() bound to the component's environment, with whether a call is still in flight. */
export function useMutate<T extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const environment = useRelayEnvironment();
  const [inFlight, setInFlight] = useState(0);
  const run = useCallback(
    async (variables: T["variables"], options?: MutateOptions<T>) => {
      setInFlight((count) => count + 1);
      try {
        return await mutate<T>(environment, mutation, variables, options);
      } finally {
        setInFlight((count) => count - 1);
      }
    },
    [environment, mutation],
  );
  return [run, inFlight > 0] as const;
}
