import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { RelayEnvironmentProvider, loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import PublishOverviewScreen from "../../../src/project/publish/PublishOverviewScreen";
import PublishOverviewScreenQuery, { type PublishOverviewScreenQuery as Query } from "../../../src/__generated__/PublishOverviewScreenQuery.graphql";
import { initialModel } from "../../../src/domain/model";
import { ApiError } from "../../../src/relay/errors";
import en from "../../../locales/en.json";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);

const schema = JSON.stringify(initialModel());

function renderOverview() {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1" };
  environment.mock.queuePendingOperation(PublishOverviewScreenQuery, variables);
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Api: () => ({
        id: "api_1",
        name: "Shop",
        state: "INITIALIZED",
        creationType: "PUBLISH",
        region: "eu-central-1",
        defaultAuthMode: "aws_api_key",
        schema,
        graphqlUrl: null,
        viewerCanPublish: true,
        plan: null,
      }),
      PublishRun: () => ({ status: "SUCCEEDED", createdAt: "2026-11-20T10:00:00.000Z" }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, PublishOverviewScreenQuery, variables);
  renderScreen(() => <PublishOverviewScreen queryRef={queryRef} />, "/project-setup/$apiId/overview", "/project-setup/api_1/overview", (children) => (
    <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
  ));
  return environment;
}

const publishRuns = (environment: ReturnType<typeof createMockEnvironment>) =>
  environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === "useCreatePublishRunMutation");

describe("project-setup-overview's Publish (spec §2 'Overview')", () => {
  it("publishes the project's schema and opens the publishing screen once the server confirms", async () => {
    const environment = renderOverview();
    fireEvent.click(await screen.findByTestId("publish-submit"));
    const [run] = publishRuns(environment);
    expect(run.request.variables).toEqual({ input: { apiId: "api_1", schema } });
    expect(screen.getByTestId("location").textContent).toBe("/project-setup/api_1/overview");
    environment.mock.resolve(run, MockPayloadGenerator.generate(run, { Api: () => ({ id: "api_1", state: "PUBLISHING" }), PublishRun: () => ({ status: "IN_PROGRESS" }) }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api-setup/api_1/publishing"));
  });

  it("shows the server's refusal in place and stays", async () => {
    const environment = renderOverview();
    fireEvent.click(await screen.findByTestId("publish-submit"));
    environment.mock.reject(publishRuns(environment)[0], new ApiError("busy", "error_api_publishing_in_progress", "CONFLICT"));
    expect((await screen.findByTestId("publish-error")).textContent).toBe(en.error_api_publishing_in_progress);
    expect(screen.getByTestId("location").textContent).toBe("/project-setup/api_1/overview");
  });

  it("says 'Failed to redeem coupon…' with the region when the region has no account coupon left (spec §8)", async () => {
    const environment = renderOverview();
    fireEvent.click(await screen.findByTestId("publish-submit"));
    environment.mock.reject(publishRuns(environment)[0], new ApiError("none", "error_coupon_unavailable", "CONFLICT", { region: "eu-central-1" }));
    expect((await screen.findByTestId("publish-error")).textContent).toBe("Failed to redeem coupon. No valid coupons available for region eu-central-1.");
  });
});
