import { graphql } from "react-relay/hooks";

/** The key mutations of the project's endpoint (spec §7); each answers the row it changed. */
export const createKeyMutation = graphql`
  mutation keyMutationsCreateMutation($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      id
      ...ApiKeyRow_apiKey
    }
  }
`;

export const updateKeyMutation = graphql`
  mutation keyMutationsUpdateMutation($input: UpdateApiKeyInput!) {
    updateApiKey(input: $input) {
      id
      ...ApiKeyRow_apiKey
    }
  }
`;

export const rotateKeyMutation = graphql`
  mutation keyMutationsRotateMutation($input: RotateApiKeyInput!) {
    rotateApiKey(input: $input) {
      id
      ...ApiKeyRow_apiKey
    }
  }
`;

export const deleteKeyMutation = graphql`
  mutation keyMutationsDeleteMutation($input: [DeleteApiKeyInput!]!) {
    batchDeleteApiKey(input: $input) {
      id @deleteRecord
    }
  }
`;
