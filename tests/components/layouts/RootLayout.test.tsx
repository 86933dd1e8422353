import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import "../../../src/router/routeMeta";
import type { LayoutName } from "../../../src/router/routeMeta";
import { RootLayout } from "../../../src/layouts/RootLayout";
import { OrgFrame } from "../../../src/layouts/OrgFrame";
import { resetSession } from "../../../src/session/sessionState";
import en from "../../../locales/en.json";

afterEach(() => {
  cleanup();
  resetSession("Loading");
});

/** Renders the root layout at a route whose metadata names `layout`. */
async function renderAt(layout: string | undefined, path = "/org/$orgId/apis", entry = "/org/org_1/apis", messages: Record<string, string> = en) {
  const root = createRootRoute({ component: RootLayout });
  const page = createRoute({
    getParentRoute: () => root,
    path,
    staticData: { name: "test", layout: layout as LayoutName },
    component: () => <p>page content</p>,
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [entry] }) });
  render(
    <IntlProvider locale="en" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await screen.findByText("page content");
}

/** Renders an org page under a layout route that frames its screens, as `/org/$orgId` does. */
async function renderInOrgLayout(messages: Record<string, string> = en) {
  const root = createRootRoute({ component: RootLayout });
  const orgLayout = createRoute({
    getParentRoute: () => root,
    path: "/org/$orgId",
    staticData: { framesChildren: true },
    component: () => (
      <OrgFrame>
        <Outlet />
      </OrgFrame>
    ),
  });
  const page = createRoute({
    getParentRoute: () => orgLayout,
    path: "apis",
    staticData: { name: "test", layout: "org" },
    component: () => <p>page content</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([orgLayout.addChildren([page])]),
    history: createMemoryHistory({ initialEntries: ["/org/org_1/apis"] }),
  });
  render(
    <IntlProvider locale="en" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await screen.findByText("page content");
}

describe("root layout", () => {
  it("shows the global loading indicator while the session is first loaded", async () => {
    resetSession("Loading");
    const root = createRootRoute({ component: RootLayout });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
    render(
      <IntlProvider locale="en" messages={en}>
        <RouterProvider router={router} />
      </IntlProvider>,
    );
    expect(await screen.findByTestId("global-loading")).toBeTruthy();
  });

  it("leaves the org pages' top bar, Projects/Billing/Users/Settings tabs and footer to their layout route, once", async () => {
    resetSession("NotAuthenticated");
    await renderInOrgLayout();
    // The top bar and tabs load after the sign-in page's code (a chunk of their own).
    const tabs = await screen.findByRole("navigation", { name: "Workspace" });
    expect([...tabs.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["Projects", "Billing", "Users", "Settings"]);
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toContain(`© ${new Date().getFullYear()} Baukasten`);
    expect(screen.getAllByRole("banner")).toHaveLength(1);
    expect(screen.getAllByRole("main")).toHaveLength(1);
  });

  it("names the product in the top bar from the messages, not from the code", async () => {
    resetSession("NotAuthenticated");
    await renderInOrgLayout({ ...en, "app.name": "Werkbank" });
    expect((await screen.findByRole("link", { name: "Baukasten home" })).textContent).toBe("Werkbank");
  });

  it("gives no-nav pages only the footer", async () => {
    resetSession("NotAuthenticated");
    await renderAt("no-nav", "/login", "/login");
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("gives no-nav-no-footer pages bare content", async () => {
    resetSession("NotAuthenticated");
    await renderAt("no-nav-no-footer", "/bare", "/bare");
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
  });

  it("falls back to the default layout for an unknown name", async () => {
    resetSession("NotAuthenticated");
    await renderAt("something-else", "/x", "/x");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Workspace" })).toBeNull();
  });

  it("offers imprint, terms and privacy links and a language selector in the footer", async () => {
    resetSession("NotAuthenticated");
    await renderAt(undefined, "/y", "/y");
    const footer = screen.getByRole("contentinfo");
    expect([...footer.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["Imprint", "Terms", "Privacy"]);
    expect(screen.getByTestId("language-select")).toBeTruthy();
  });
});
