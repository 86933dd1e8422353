import { RelayEnvironmentProvider, loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import DataScreen from "../../../src/data/DataScreen";
import DataScreenQuery, { type DataScreenQuery as Query } from "../../../src/__generated__/DataScreenQuery.graphql";
import type { SchemaModel } from "../../../src/domain/model";
import { renderScreen } from "../renderScreen";

const API = {
  id: "api_1",
  orgId: "org_1",
  name: "Shop",
  region: "eu-central-1",
  state: "INITIALIZED",
  creationType: "PUBLISH",
  defaultAuthMode: "aws_api_key",
  graphqlUrl: null,
  viewerCanEditModel: true,
};

/** Answers the pending updateApi as the server does: the api with the schema it was sent. */
export function resolveUpdate(environment: ReturnType<typeof createMockEnvironment>) {
  const operation = environment.mock.getMostRecentOperation();
  environment.mock.resolve(
    operation,
    MockPayloadGenerator.generate(operation, {
      Api: () => ({ ...API, schema: operation.request.variables.input.schema, additionalAuthModes: [], oidc: null }),
    }),
  );
}

export interface TemplateFixture {
  id: string;
  name: string;
  description: string;
  schema: SchemaModel;
}

/** A table with the three system fields and the given extra fields (all String). */
export function table(id: string, name: string, fields: string[] = [], directives: { name: string }[] = []) {
  const field = (fieldName: string, type: "ID" | "String", readonly: boolean) => ({
    id: `${id}_${fieldName}`,
    name: fieldName,
    type,
    directives: fieldName === "updatedAt" ? [{ name: "sortBy" }] : [],
    ...(readonly ? { readonly: true } : {}),
  });
  return {
    id,
    name,
    connectorFieldName: "id",
    fields: [
      field("id", "ID", true),
      field("createdAt", "String", true),
      field("updatedAt", "String", true),
      ...fields.map((fieldName) => field(fieldName, "String", false)),
    ],
    resolvers: [],
    directives,
    targets: [],
    parents: { first: null, second: null },
  } as SchemaModel["objectTypes"][number];
}

/**
 * Renders the data route's screen at `url` against a mock environment whose route query
 * answers with `model` (and `templates` when the modal is open). The environment is returned
 * so tests can look at the operations the screen sends.
 */
export function renderDataScreen(options: {
  model: SchemaModel;
  url?: string;
  withTemplates?: boolean;
  templates?: TemplateFixture[];
  api?: Record<string, unknown>;
}) {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1", withTemplates: options.withTemplates ?? false, lang: "EN" as const };
  environment.mock.queuePendingOperation(DataScreenQuery, variables);
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Api: () => ({
        ...API,
        schema: JSON.stringify(options.model),
        ...options.api,
      }),
      User: () => ({ featureFlags: [], isSuperuser: false }),
      SchemaTemplateConnection: () => ({
        edges: (options.templates ?? []).map((template) => ({
          cursor: template.id,
          node: { ...template, schema: JSON.stringify(template.schema) },
        })),
      }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, DataScreenQuery, variables);
  const url = options.url ?? "/api/api_1/data";
  const view = renderScreen(
    () => <DataScreen queryRef={queryRef} />,
    "/api/$apiId/data",
    url,
    (children) => <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>,
  );
  return { environment, ...view };
}
