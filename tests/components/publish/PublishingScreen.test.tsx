import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import { RelayEnvironmentProvider, loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import PublishingScreen from "../../../src/project/publish/PublishingScreen";
import PublishingScreenQuery, { type PublishingScreenQuery as Query } from "../../../src/__generated__/PublishingScreenQuery.graphql";
import { LiveRegionProvider } from "../../../src/ui/LiveRegion";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);

interface Run {
  id: string;
  status: string;
  failureMessageId: string | null;
  failureValues: string | null;
}
const API: { id: string; name: string; state: string; graphqlUrl: string | null; hasUnpublishedChanges: boolean; latestPublishRun: Run | null } = {
  id: "api_1",
  name: "Shop",
  state: "PUBLISHING",
  graphqlUrl: null,
  hasUnpublishedChanges: false,
  latestPublishRun: null,
};

function renderPublishing(api = API, search = "") {
  const environment = createMockEnvironment();
  const variables = { apiId: api.id };
  environment.mock.queuePendingOperation(PublishingScreenQuery, variables);
  // Answers the route's load once (a resolver is used up by its answer); a reload stays pending.
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name === "PublishingScreenQuery" ? MockPayloadGenerator.generate(operation, { Api: () => api }) : null,
  );
  const queryRef = loadQuery<Query>(environment, PublishingScreenQuery, variables);
  const Screen = () => <PublishingScreen queryRef={queryRef} />;
  renderScreen(Screen, "/api-setup/$apiId/publishing", `/api-setup/${api.id}/publishing${search}`, (children) => (
    <RelayEnvironmentProvider environment={environment}>
      <LiveRegionProvider>{children}</LiveRegionProvider>
    </RelayEnvironmentProvider>
  ));
  return environment;
}

/** Pushes one onUpdateApi event on the open subscription. */
function push(environment: ReturnType<typeof createMockEnvironment>, state: string, graphqlUrl: string | null = null) {
  const subscription = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === "useApiStateUpdatesSubscription");
  if (!subscription) throw new Error("not listening");
  act(() => environment.mock.nextValue(subscription, { data: { onUpdateApi: { id: "api_1", state, apiKey: null, graphqlUrl } } }));
}

const stepStatus = (step: string) => screen.getByTestId(`publish-step-${step}`).getAttribute("data-status");
const live = () => screen.getByTestId("live-region").textContent;

describe("project-setup-publishing", () => {
  it("moves the three steps along as onUpdateApi reports the states and announces each", async () => {
    const environment = renderPublishing();
    await screen.findByRole("heading", { name: "Publishing Shop" });
    expect(screen.getAllByRole("listitem").map((step) => step.textContent)).toEqual([
      "1Prepare Stackin progress",
      "2Create Schemawaiting",
      "3Deploy Resolverswaiting",
    ]);
    expect(stepStatus("prepareStack")).toBe("inProgress");

    await vi.waitFor(() => push(environment, "PUBLISHING_SCHEMA"));
    expect([stepStatus("prepareStack"), stepStatus("createSchema"), stepStatus("deployResolvers")]).toEqual(["done", "inProgress", "pending"]);
    await vi.waitFor(() => expect(live()).toBe("Create Schema: in progress"));

    push(environment, "PUBLISHING_RESOLVERS");
    await vi.waitFor(() => expect(live()).toBe("Deploy Resolvers: in progress"));
  });

  it("on PUBLISHED stops listening and reloads the project from the network", async () => {
    const environment = renderPublishing();
    await screen.findByRole("heading", { name: "Publishing Shop" });
    await vi.waitFor(() => push(environment, "PUBLISHED"));
    await vi.waitFor(() => expect(live()).toBe("Published. The project's API is live."));
    const names = () => environment.mock.getAllOperations().map((operation) => operation.request.node.params.name);
    expect(names()).not.toContain("useApiStateUpdatesSubscription");
    // The route's load was answered; this one is the reload from the network after PUBLISHED.
    expect(names()).toContain("PublishingScreenQuery");
    expect(["prepareStack", "createSchema", "deployResolvers"].map(stepStatus)).toEqual(["done", "done", "done"]);
    // Done is said in words too: no "Publishing Shop … This takes a moment." above three ticks.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Shop is published");
    expect(screen.getByTestId("publishing-subtitle").textContent).toBe("Your project's GraphQL API is live.");
  });

  it("a failed run's heading says it failed, not that it takes a moment", async () => {
    renderPublishing({ ...API, state: "PUBLISHING_FAILED" });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Publishing Shop failed");
    expect(screen.getByTestId("publishing-subtitle").textContent).toBe("See below what went wrong.");
  });

  it("after checkout, subscribes to the plan and goes on to the overview instead of publishing unseen", async () => {
    const environment = renderPublishing({ ...API, state: "INITIALIZED" }, "?session_id=cs_1");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Setting up the plan for Shop");
    expect(screen.queryByTestId("publish-step-prepareStack")).toBeNull();
    const subscribe = await vi.waitFor(() => {
      const found = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === "mutationsCreateBundleSubscriptionMutation");
      if (!found) throw new Error("not subscribing yet");
      return found;
    });
    expect(subscribe.request.variables.input).toEqual({ apiId: "api_1", checkoutSessionId: "cs_1" });
    await act(async () => {
      environment.mock.resolve(subscribe, MockPayloadGenerator.generate(subscribe, { BundleSubscription: () => ({ id: "sub_1", bundleType: "PROFESSIONAL" }) }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api-setup/api_1/overview"));
    const names = environment.mock.getAllOperations().map((operation) => operation.request.node.params.name);
    expect(names).not.toContain("useCreatePublishRunMutation");
  });

  it("marks the step that was running as failed with 'Publishing failed!…'", async () => {
    const environment = renderPublishing();
    await screen.findByRole("heading", { name: "Publishing Shop" });
    await vi.waitFor(() => push(environment, "PUBLISHING_SCHEMA"));
    push(environment, "PUBLISHING_FAILED");
    expect((await screen.findByRole("alert")).textContent).toBe("Publishing failed! Fix your project setup and try republishing.");
    expect([stepStatus("prepareStack"), stepStatus("createSchema")]).toEqual(["done", "failed"]);
  });

  it("says why the run failed: the server's reason, localized, with its detail", async () => {
    const failure = { failureMessageId: "error_publish_schema_unbuildable", failureValues: JSON.stringify({ detail: 'Field "Dog.owner" can only be defined once.' }) };
    renderPublishing({ ...API, state: "PUBLISHING_FAILED", latestPublishRun: { id: "api_1-v2", status: "FAILED", ...failure } });
    expect((await screen.findByTestId("publish-failed-reason")).textContent).toBe(
      'Why: The project\'s API could not be built from this version (Field "Dog.owner" can only be defined once.). The previous version stays live.',
    );
  });

  it("Close goes to project-overview", async () => {
    renderPublishing({ ...API, state: "PUBLISHED", graphqlUrl: "http://localhost/p/api_1/graphql" });
    const close = await screen.findByTestId("publishing-close");
    expect(screen.getByTestId("publish-live").textContent).toContain("http://localhost/p/api_1/graphql");
    close.click();
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/overview"));
  });
});
