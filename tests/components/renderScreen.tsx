import type { ComponentType, ReactNode } from "react";
import { render } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from "@tanstack/react-router";
import en from "../../locales/en.json";

/** Where the router is now, so tests can see where a screen sent the user. */
function CurrentLocation() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <output data-testid="location">{href}</output>;
}

/**
 * Renders one screen at `path` in English, inside a memory router whose every other path is an
 * empty page: links and navigation work for real, and the location shows where they led.
 * `wrap` puts providers (e.g. a Relay environment) around the router.
 */
export function renderScreen(Screen: ComponentType, path: string, initialEntry = path, wrap: (children: ReactNode) => ReactNode = (children) => children) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <CurrentLocation />
      </>
    ),
  });
  const screen = createRoute({ getParentRoute: () => root, path, component: () => <Screen /> });
  const elsewhere = createRoute({ getParentRoute: () => root, path: "$", component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([screen, elsewhere]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  return render(
    <IntlProvider locale="en" messages={en}>
      {wrap(<RouterProvider router={router} />)}
    </IntlProvider>,
  );
}
