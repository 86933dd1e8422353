import { useCallback } from "react";
import { ConnectionHandler, graphql } from "react-relay/hooks";
import type { useCreateApiMutation as CreateApiMutation } from "../__generated__/useCreateApiMutation.graphql";
import { DEFAULT_REGION } from "../domain/regions";
import { requireField } from "../relay/errors";
import { useMutate } from "../relay/mutate";

const createApiMutation = graphql`
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
`;

/** An existing GraphQL API to import (creationType IMPORT): its URL and one credential. */
export interface ImportSource {
  url: string;
  credential: { kind: "apiKey" | "token"; value: string };
}

/**
 * createApi with the spec's defaults (API key auth, eu-central-1, usePrefix, PUBLISH,
 * INITIALIZED). The new project is placed first in the workspace's list right away
 * (optimistic), then replaced by the server's record.
 */
export function useCreateApiMutation() {
  const [run, inFlight] = useMutate<CreateApiMutation>(createApiMutation);
  const create = useCallback(
    async (orgId: string, name: string, source?: ImportSource) => {
      const optimisticId = `client:new-api:${Date.now()}`;
      const response = await run(
        {
          input: {
            orgId,
            name,
            defaultAuthMode: "aws_api_key",
            region: DEFAULT_REGION,
            usePrefix: true,
            creationType: source ? "IMPORT" : "PUBLISH",
            state: source ? "IMPORTED" : "INITIALIZED",
            ...(source && {
              importUrl: source.url,
              ...(source.credential.kind === "apiKey" ? { importApiKey: source.credential.value } : { importToken: source.credential.value }),
            }),
          },
          connections: [ConnectionHandler.getConnectionID(orgId, "ProjectGrid_apis")],
        },
        {
          optimisticResponse: {
            createApi: {
              api: { id: optimisticId, name },
              apiEdge: {
                cursor: optimisticId,
                node: { id: optimisticId, name, region: DEFAULT_REGION, state: source ? "IMPORTED" : "INITIALIZED" },
              },
            },
          },
        },
      );
      return requireField<CreateApiMutation["response"]["createApi"]>(response, "createApi").api;
    },
    [run],
  );
  return [create, inFlight] as const;
}
