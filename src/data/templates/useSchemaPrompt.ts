import { useCallback, useEffect, useRef, useState } from "react";
import { fetchQuery, graphql, requestSubscription, useRelayEnvironment } from "react-relay/hooks";
import type { Disposable } from "relay-runtime";
import { mutate } from "../../relay/mutate";
import type { useSchemaPromptCreateMutation } from "../../__generated__/useSchemaPromptCreateMutation.graphql";
import type { useSchemaPromptSubscription } from "../../__generated__/useSchemaPromptSubscription.graphql";
import type { useSchemaPromptQuery } from "../../__generated__/useSchemaPromptQuery.graphql";
import { ApiError } from "../../relay/errors";

const createPrompt = graphql`
  mutation useSchemaPromptCreateMutation($input: CreateSchemaPromptInput!) {
    createSchemaPrompt(input: $input) {
      id
      status
      schema
      errorMessageId
    }
  }
`;

const promptUpdated = graphql`
  subscription useSchemaPromptSubscription($id: ID!) {
    onUpdateSchemaPrompt(id: $id) {
      id
      status
      schema
      errorMessageId
    }
  }
`;

const promptSchema = graphql`
  query useSchemaPromptQuery($id: ID!) {
    schemaPrompt(id: $id) {
      id
      status
      schema
      errorMessageId
    }
  }
`;

type PromptState = { id: string; status: string; schema?: string | null; errorMessageId?: string | null };

export const AI_ERROR = "api_setup_templates_ai_error";
const aiError = (messageId?: string | null) => new ApiError("Sorry, I couldn't come up with anything useful", messageId || AI_ERROR);

/**
 * The AI start (spec §7): createSchemaPrompt, then wait on onUpdateSchemaPrompt(id) over
 * graphql-ws, then the schema (pushed with DONE, else read with schemaPrompt(id)). Resolves
 * with the schema's JSON text; rejects with api_setup_templates_ai_error when it failed.
 */
export function useSchemaPrompt(apiId: string) {
  const environment = useRelayEnvironment();
  const [working, setWorking] = useState(false);
  const subscription = useRef<Disposable | null>(null);

  useEffect(() => () => subscription.current?.dispose(), []);

  const settle = useCallback(
    async (prompt: PromptState): Promise<string | null> => {
      if (prompt.status === "FAILED") throw aiError(prompt.errorMessageId);
      if (prompt.status !== "DONE") return null;
      if (prompt.schema) return prompt.schema;
      const read = await fetchQuery<useSchemaPromptQuery>(environment, promptSchema, { id: prompt.id }, { fetchPolicy: "network-only" }).toPromise();
      if (!read?.schemaPrompt?.schema) throw aiError(read?.schemaPrompt?.errorMessageId);
      return read.schemaPrompt.schema;
    },
    [environment],
  );

  const generate = useCallback(
    async (prompt: string): Promise<string> => {
      setWorking(true);
      try {
        const response = await mutate<useSchemaPromptCreateMutation>(environment, createPrompt, { input: { apiId, prompt } });
        const created: PromptState = response.createSchemaPrompt;
        const immediate = await settle(created);
        if (immediate) return immediate;
        return await new Promise<string>((resolve, reject) => {
          subscription.current?.dispose();
          let final = false;
          const disposable = requestSubscription<useSchemaPromptSubscription>(environment, {
            subscription: promptUpdated,
            variables: { id: created.id },
            onNext: (response) => {
              if (!response) return;
              final ||= response.onUpdateSchemaPrompt.status !== "PENDING";
              settle(response.onUpdateSchemaPrompt).then(
                (schema) => {
                  if (schema === null) return;
                  disposable.dispose();
                  resolve(schema);
                },
                (error) => {
                  disposable.dispose();
                  reject(error);
                },
              );
            },
            onError: reject,
            // The stream ends after the final state; ending without one is a failure.
            onCompleted: () => {
              if (!final) reject(aiError());
            },
          });
          subscription.current = disposable;
        });
      } finally {
        setWorking(false);
      }
    },
    [apiId, environment, settle],
  );

  return { generate, working };
}
