import type { RouteComponent } from "@tanstack/react-router";
import type { LayoutName } from "./routeMeta";
import type { routeQuery } from "./routeQuery";
import { RouteError } from "../common/RouteError";
import { NotFoundScreen } from "../common/NotFoundScreen";

/** What a route shows: its screen's component and the lifecycle of the queries its loader starts. */
export interface RouteScreen {
  component: RouteComponent;
  lifecycle: ReturnType<typeof routeQuery>["lifecycle"];
}

/**
 * The options every route showing a query screen shares, spread into `createRoute` beside its
 * parent, path and loader: the spec's route name and layout, the query's lifecycle (leaving the
 * route disposes its query), and the error and not-found screens. The loader stays at the route,
 * written against the route's own typed params.
 */
export function screenRoute(meta: { name: string; layout?: LayoutName }, screen: RouteScreen) {
  return {
    staticData: meta,
    ...screen.lifecycle,
    component: screen.component,
    errorComponent: RouteError,
    notFoundComponent: NotFoundScreen,
  };
}
