import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderDataScreen, table } from "../project/renderDataScreen";

afterEach(cleanup);

const URL = "http://localhost:4000/p/api_1/graphql";
const model = { objectTypes: [table("tbl001", "Customer")], enumTypes: [] };

/** The project header's publish widget on the data screen, for one state of the project. */
async function widget(api: Record<string, unknown>) {
  renderDataScreen({ model, api: { viewerCanPublish: true, hasUnpublishedChanges: false, ...api } });
  const shown = await screen.findByTestId("publish-widget");
  const button = screen.queryByTestId("publish-button");
  return { text: shown.textContent, label: button?.textContent ?? null, href: button?.getAttribute("href") ?? null };
}

describe("the publish widget (spec §2 'Project dashboard and publish widget')", () => {
  it("no URL and not publishing: a hint and Publish, to the publish wizard", async () => {
    expect(await widget({ state: "INITIALIZED", graphqlUrl: null })).toEqual({
      text: "Not published yet. Publish the project to get its GraphQL API.Publish",
      label: "Publish",
      href: "/project-publish/api_1/auth",
    });
  });

  it("publishing: View progress, to the publishing screen", async () => {
    const shown = await widget({ state: "PUBLISHING_SCHEMA", graphqlUrl: null });
    expect(shown.text).toContain("Publishing…");
    expect(shown).toMatchObject({ label: "View progress", href: "/api-setup/api_1/publishing" });
  });

  it("failed: 'Publishing failed! Fix your project setup and try republishing.'", async () => {
    const shown = await widget({ state: "PUBLISHING_FAILED", graphqlUrl: URL });
    expect(shown.text).toContain("Publishing failed! Fix your project setup and try republishing.");
    expect(shown).toMatchObject({ label: "Publish", href: "/api-setup/api_1/overview" });
  });

  it("published with unpublished changes: a notice and Publish changes, to the overview", async () => {
    const shown = await widget({ state: "PUBLISHED", graphqlUrl: URL, hasUnpublishedChanges: true });
    expect(shown.text).toContain("There are unpublished changes.");
    expect(shown).toMatchObject({ label: "Publish changes", href: "/api-setup/api_1/overview" });
  });

  it("otherwise the URL with a copy button", async () => {
    await widget({ state: "PUBLISHED", graphqlUrl: URL });
    expect(screen.getByTestId("publish-url").textContent).toBe(URL);
    expect(screen.getByTestId("publish-copy-url").textContent).toBe("Copy URL");
  });

  it("no publish button for members who may not publish", async () => {
    expect((await widget({ state: "INITIALIZED", graphqlUrl: null, viewerCanPublish: false })).label).toBeNull();
  });
});
