import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import OrgDashboardScreen from "../../../src/org/OrgDashboardScreen";
import OrgDashboardScreenQuery, {
  type OrgDashboardScreenQuery as Query,
} from "../../../src/__generated__/OrgDashboardScreenQuery.graphql";
import { answerNext, renderWithRelay } from "../renderWithRelay";

afterEach(cleanup);

function renderDashboard(org: { name: string; apis: { name: string; region: string; state: string }[]; viewerCanCreateApi?: boolean }) {
  const environment = createMockEnvironment();
  // Queue the response before render, as for a preloaded query (Relay testing guide).
  environment.mock.queuePendingOperation(OrgDashboardScreenQuery, { orgId: "org_1" });
  answerNext(environment, {
    Org: () => ({
      id: "org_1",
      name: org.name,
      viewerCanCreateApi: org.viewerCanCreateApi ?? true,
      apis: {
        edges: org.apis.map((api, index) => ({ cursor: String(index), node: { id: `api_${index}`, ...api } })),
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    }),
  });
  const queryRef = loadQuery<Query>(environment, OrgDashboardScreenQuery, { orgId: "org_1" });
  return renderWithRelay(() => <OrgDashboardScreen queryRef={queryRef} />, environment, "/org/$orgId/apis", "/org/org_1/apis");
}

describe("org project dashboard", () => {
  it("shows one card per project with name, region label and status label", async () => {
    renderDashboard({
      name: "Acme",
      apis: [
        { name: "Shop", region: "eu-central-1", state: "INITIALIZED" },
        { name: "Blog", region: "us-east-1", state: "PUBLISHED" },
        { name: "CRM", region: "eu-west-1", state: "PUBLISHING_FAILED" },
      ],
    });
    expect(await screen.findByTestId("dashboard-title")).toHaveProperty("textContent", "Projects of Acme");
    const cards = screen.getAllByTestId("project-card");
    expect(cards.map((card) => within(card).getByTestId("project-status").textContent)).toEqual(["○init", "●live", "●failed"]);
    expect(cards[0].textContent).toContain("Frankfurt");
    expect(cards[1].textContent).toContain("US East");
    expect(cards[0].getAttribute("href")).toBe("/api/api_0/overview");
  });

  it("offers the create-project card first, also when there are no projects", async () => {
    renderDashboard({ name: "Empty", apis: [] });
    const create = await screen.findByTestId("create-project-card");
    expect(create.getAttribute("href")).toBe("/project-setup/name");
    expect(screen.queryAllByTestId("project-card")).toHaveLength(0);
  });

  it("hides the create-project card from whom the server does not let create projects (a Guest)", async () => {
    renderDashboard({ name: "Acme", apis: [{ name: "Shop", region: "eu-central-1", state: "INITIALIZED" }], viewerCanCreateApi: false });
    await screen.findByTestId("dashboard-title");
    expect(screen.getAllByTestId("project-card")).toHaveLength(1);
    expect(screen.queryByTestId("create-project-card")).toBeNull();
  });

  it("falls back to 'Your Workspace' when the workspace has no name", async () => {
    renderDashboard({ name: "", apis: [] });
    expect(await screen.findByTestId("dashboard-title")).toHaveProperty("textContent", "Projects of Your Workspace");
  });
});
