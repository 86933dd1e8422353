import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import ProjectSettingsScreen from "../../../src/project/settings/ProjectSettingsScreen";
import ProjectSettingsScreenQuery, { type ProjectSettingsScreenQuery as Query } from "../../../src/__generated__/ProjectSettingsScreenQuery.graphql";
import { renderWithRelay } from "../renderWithRelay";

afterEach(cleanup);

function renderSettings(api: Record<string, unknown>) {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(ProjectSettingsScreenQuery, { apiId: "api_1" });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Api: () => ({ id: "api_1", name: "Shop", defaultAuthMode: "aws_api_key", additionalAuthModes: [], oidc: null, amplifyNames: false, viewerCanEditSettings: true, plan: "LAUNCH", graphqlUrl: null, ...api }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, ProjectSettingsScreenQuery, { apiId: "api_1" });
  renderWithRelay(() => <ProjectSettingsScreen queryRef={queryRef} />, environment, "/api/$apiId/settings", "/api/api_1/settings");
}

describe("the 'Amplify-compatible names' setting", () => {
  it("is offered for a project Baukasten publishes", async () => {
    renderSettings({ creationType: "PUBLISH", state: "INITIALIZED" });
    expect(await screen.findByTestId("amplify-names")).toBeTruthy();
  });

  it("is hidden for an imported project, whose API is the live API's", async () => {
    renderSettings({ creationType: "IMPORT", state: "IMPORTED" });
    await screen.findByLabelText(/name/i, { selector: "input" });
    expect(screen.queryByTestId("amplify-names")).toBeNull();
  });
});
