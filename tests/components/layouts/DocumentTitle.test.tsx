import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import "../../../src/router/routeMeta";
import { DocumentTitle } from "../../../src/layouts/DocumentTitle";
import en from "../../../locales/en.json";
import de from "../../../locales/de.json";

afterEach(() => {
  cleanup();
  document.title = "";
});

async function renderTitleAt(name: string, path: string, entry: string, locale: "en" | "de" = "en", place?: string) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path,
    staticData: { name },
    component: () => (
      <>
        <DocumentTitle />
        {place && <DocumentTitle place={place} />}
        <p>page</p>
      </>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [entry] }) });
  render(
    <IntlProvider locale={locale} messages={locale === "en" ? en : de}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await screen.findByText("page");
}

describe("the browser tab", () => {
  it("names the screen and the workspace", async () => {
    await renderTitleAt("org-users", "/org/$orgId/users", "/org/org_1/users", "en", "Acme");
    await waitFor(() => expect(document.title).toBe("Members · Acme · Baukasten"));
  });

  it("speaks the console's language", async () => {
    await renderTitleAt("org-users", "/org/$orgId/users", "/org/org_1/users", "de", "Acme");
    await waitFor(() => expect(document.title).toBe("Mitglieder · Acme · Baukasten"));
  });

  it("names the project on project screens", async () => {
    // The project layout passes the project's name from its query.
    await renderTitleAt("project-types", "/api/$apiId/types", "/api/api_1/types", "en", "Dog walks");
    await waitFor(() => expect(document.title).toBe("Model · Dog walks · Baukasten"));
  });

  it("names signed-out screens without a workspace", async () => {
    await renderTitleAt("login", "/login", "/login");
    await waitFor(() => expect(document.title).toBe("Log in · Baukasten"));
  });
});
