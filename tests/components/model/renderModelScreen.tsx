import { RelayEnvironmentProvider, loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
import { expect } from "vitest";
import ModelScreen from "../../../src/model/ModelScreen";
import ModelScreenQuery, { type ModelScreenQuery as Query } from "../../../src/__generated__/ModelScreenQuery.graphql";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { renderScreen } from "../renderScreen";

export interface ApiOverrides {
  creationType?: "PUBLISH" | "IMPORT";
  graphqlUrl?: string | null;
  state?: string;
  viewerCanEditModel?: boolean;
  defaultAuthMode?: string;
  hasUnpublishedChanges?: boolean;
  viewerCanPublish?: boolean;
}

/** The project's model screen on a mock Relay environment, its route query answered with `model`. */
export function renderModelScreen(model: SchemaModel, api: ApiOverrides = {}, initialEntry = "/api/api_1/types") {
  const environment = createMockEnvironment();
  // Queue the response before render, as for a preloaded query (Relay testing guide).
  environment.mock.queuePendingOperation(ModelScreenQuery, { apiId: "api_1" });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Api: () => ({
        id: "api_1",
        orgId: "org_1",
        name: "Shop",
        schema: JSON.stringify(model),
        creationType: "PUBLISH",
        graphqlUrl: null,
        state: "INITIALIZED",
        region: "eu-central-1",
        defaultAuthMode: "aws_api_key",
        viewerCanEditModel: true,
        ...api,
      }),
      User: () => ({ featureFlags: [], isSuperuser: false }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, ModelScreenQuery, { apiId: "api_1" });
  const view = renderScreen(
    () => <ModelScreen queryRef={queryRef} />,
    "/api/$apiId/types",
    initialEntry,
    (children) => <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>,
  );
  return { ...view, environment };
}

/** The declaration the most recent updateApi would store. */
export function sentModel(operation: OperationDescriptor): SchemaModel {
  expect(operation.request.node.operation.name).toBe("useUpdateApiMutation");
  const input = operation.request.variables.input as { id: string; schema: string };
  expect(input.id).toBe("api_1");
  return JSON.parse(input.schema) as SchemaModel;
}

/** Answers updateApi as the server does: the stored declaration comes back. */
export function answerUpdate(environment: ReturnType<typeof createMockEnvironment>) {
  const operation = environment.mock.getMostRecentOperation();
  const input = operation.request.variables.input as { id: string; schema: string };
  environment.mock.resolve(
    operation,
    MockPayloadGenerator.generate(operation, {
      Api: () => ({ id: input.id, name: "Shop", schema: input.schema, defaultAuthMode: "aws_api_key", additionalAuthModes: [] }),
    }),
  );
}

/** Table1 (id, createdAt, updatedAt, title) and Customer, plus the enum Status (OPEN, DONE). */
export function shopModel(): SchemaModel {
  const start = initialModel();
  const withTitle = addField(start, start.objectTypes[0].id, { name: "title" }).model;
  const withCustomer = addObjectType(withTitle, "Customer").model;
  return { ...withCustomer, enumTypes: [{ id: "enum01", name: "Status", values: [{ name: "OPEN" }, { name: "DONE" }] }] };
}
