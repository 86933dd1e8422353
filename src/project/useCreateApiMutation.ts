import { useCallback } from "react";
import { ConnectionHandler, graphql, useMutation } from "react-relay";
import type { useCreateApiMutation as CreateApiMutation } from "../__generated__/useCreateApiMutation.graphql";
import { DEFAULT_REGION } from "../domain/regions";
import { requireField } from "../relay/errors";

/**
 * createApi with the spec's defaults (API key auth, eu-central-1, usePrefix, PUBLISH,
 * INITIALIZED). The new project is placed first in the workspace's list right away
 * (optimistic), then replaced by the server's record.
 */
export function useCreateApiMutation() {
  const [commit, inFlight] = useMutation<CreateApiMutation>(graphql`
    mutation useCreateApiMutation($input: CreateApiInput!, $connections: [ID!]!) @raw_response_type {
      createApi(input: $input) {
        api {
          id
          name
        }
        apiEdge @prependEdge(connections: $connections) {
          cursor
          node {
            id
            ...ProjectCard_api
          }
        }
      }
    }
  `);
  const create = useCallback(
    (orgId: string, name: string) =>
      new Promise<CreateApiMutation["response"]["createApi"]["api"]>((resolve, reject) => {
        const optimisticId = `client:new-api:${Date.now()}`;
        commit({
          variables: {
            input: {
              orgId,
              name,
              defaultAuthMode: "aws_api_key",
              region: DEFAULT_REGION,
              usePrefix: true,
              creationType: "PUBLISH",
              state: "INITIALIZED",
            },
            connections: [ConnectionHandler.getConnectionID(orgId, "ProjectGrid_apis")],
          },
          optimisticResponse: {
            createApi: {
              api: { id: optimisticId, name },
              apiEdge: {
                cursor: optimisticId,
                node: { id: optimisticId, name, region: DEFAULT_REGION, state: "INITIALIZED" },
              },
            },
          },
          onCompleted: (response, errors) => {
            if (errors?.length) return reject(errors[0]);
            try {
              resolve(requireField<CreateApiMutation["response"]["createApi"]>(response, "createApi").api);
            } catch (error) {
              reject(error);
            }
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [create, inFlight] as const;
}
