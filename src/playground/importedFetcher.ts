import { graphql } from "react-relay/hooks";
import type { Environment } from "relay-runtime";
import { mutate } from "../relay/mutate";
import type { importedFetcherMutation } from "../__generated__/importedFetcherMutation.graphql";
import type { Fetcher } from "./fetcher";

const forward = graphql`
  mutation importedFetcherMutation($apiId: ID!, $query: String!, $variables: String, $operationName: String) {
    forwardImportedRequest(apiId: $apiId, query: $query, variables: $variables, operationName: $operationName)
  }
`;

/**
 * GraphiQL's fetcher for an imported project: the platform sends each request to the live API
 * with the stored credential (which the browser never sees) and hands back the live API's
 * answer; a refusal (rights, a subscription) shows as GraphiQL's error.
 */
export function importedFetcher(environment: Environment, apiId: string): Fetcher {
  return async (params) => {
    const variables = params.variables && Object.keys(params.variables).length ? JSON.stringify(params.variables) : null;
    try {
      const response = await mutate<importedFetcherMutation>(environment, forward, { apiId, query: params.query, variables, operationName: params.operationName ?? null });
      return JSON.parse(response.forwardImportedRequest);
    } catch (error) {
      return { errors: [{ message: error instanceof Error ? error.message : String(error) }] };
    }
  };
}
