import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider, useRouterState } from "@tanstack/react-router";
import { IntlProvider } from "react-intl";
import en from "../../../locales/en.json";
import { useSelectedTable } from "../../../src/data/useSelectedTable";
import { useSelectedType } from "../../../src/model/types/useSelectedType";
import { addObjectType, initialModel } from "../../../src/domain/model";

afterEach(cleanup);

const model = addObjectType(addObjectType(initialModel(), "Walker").model, "Company").model;

/** What a screen's late work (a save's answer, a rename) calls after the user has moved on. */
let late: (() => void) | null = null;

function DataPage() {
  const [selected, select] = useSelectedTable(model);
  late = () => select("Walker");
  return (
    <>
      <p data-testid="selected">{selected?.name}</p>
      <Link to="/account/settings">account</Link>
    </>
  );
}

function TypesPage() {
  const [selected, select] = useSelectedType(model);
  late = () => select(model.objectTypes.find((type) => type.name === "Company")!.id);
  return (
    <>
      <p data-testid="selected">{selected?.name}</p>
      <Link to="/api-setup/$apiId/publishing" params={{ apiId: "a1" }}>publish</Link>
    </>
  );
}

function Location() {
  return <output data-testid="location">{useRouterState({ select: (state) => state.location.href })}</output>;
}

function renderAt(initial: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Location />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: "/data", component: DataPage }),
    createRoute({ getParentRoute: () => root, path: "/types", component: TypesPage }),
    createRoute({ getParentRoute: () => root, path: "/account/settings", component: () => <p>account settings</p> }),
    createRoute({ getParentRoute: () => root, path: "/api-setup/$apiId/publishing", component: () => <p>publish wizard</p> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [initial] }) });
  render(
    <IntlProvider locale="en" messages={en}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

const location = () => screen.getByTestId("location").textContent;

describe("the URL hash names a table or type only on its own page", () => {
  it("a data page's late table choice does not follow the user to account settings", async () => {
    renderAt("/data#Company");
    expect((await screen.findByTestId("selected")).textContent).toBe("Company");
    const leftBehind = late!;
    act(() => screen.getByText("account").click());
    await screen.findByText("account settings");
    await act(async () => leftBehind());
    expect(location()).toBe("/account/settings");
  });

  it("the model editor's late type choice does not follow the user to the publish wizard", async () => {
    renderAt("/types#Walker");
    expect((await screen.findByTestId("selected")).textContent).toBe("Walker");
    const leftBehind = late!;
    act(() => screen.getByText("publish").click());
    await screen.findByText("publish wizard");
    await act(async () => leftBehind());
    expect(location()).toBe("/api-setup/a1/publishing");
  });
});
