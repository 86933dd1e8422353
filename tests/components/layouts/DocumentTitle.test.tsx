import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import "../../../src/router/routeMeta";
import { DocumentTitle } from "../../../src/layouts/DocumentTitle";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { publishProjectNav } from "../../../src/project/projectNav";
import { permissionsFor } from "../../../src/domain/permissions";
import en from "../../../locales/en.json";
import de from "../../../locales/de.json";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
  document.title = "";
});

async function renderTitleAt(name: string, path: string, entry: string, locale: "en" | "de" = "en") {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path,
    staticData: { name },
    component: () => (
      <>
        <DocumentTitle />
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

function signInToAcme() {
  updateSession({
    status: "Authenticated",
    activeOrgId: "org_1",
    roles: { org_1: { id: "role_1", orgId: "org_1", orgName: "Acme", type: "OWNER", permissions: permissionsFor("OWNER") } },
  });
}

describe("the browser tab", () => {
  it("names the screen and the workspace", async () => {
    signInToAcme();
    await renderTitleAt("org-users", "/org/$orgId/users", "/org/org_1/users");
    await waitFor(() => expect(document.title).toBe("Members · Acme · Baukasten"));
  });

  it("speaks the console's language", async () => {
    signInToAcme();
    await renderTitleAt("org-users", "/org/$orgId/users", "/org/org_1/users", "de");
    await waitFor(() => expect(document.title).toBe("Mitglieder · Acme · Baukasten"));
  });

  it("names the project on project screens", async () => {
    signInToAcme();
    publishProjectNav({ apiId: "api_1", orgId: "org_1", name: "Dog walks", state: "DRAFT", creationType: "CREATE", featureFlags: [], isSuperuser: false });
    await renderTitleAt("project-types", "/api/$apiId/types", "/api/api_1/types");
    await waitFor(() => expect(document.title).toBe("Model · Dog walks · Baukasten"));
  });

  it("names signed-out screens without a workspace", async () => {
    await renderTitleAt("login", "/login", "/login");
    await waitFor(() => expect(document.title).toBe("Log in · Baukasten"));
  });
});
