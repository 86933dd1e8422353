import type { ReactNode } from "react";
import { lazyRouteComponent, useLoaderData } from "@tanstack/react-router";
import type { PreloadedQuery } from "react-relay/hooks";
import type { OperationType } from "relay-runtime";
import { withChunkTimeout } from "./chunkTimeout";
import { routeQuery, type LoadOptions, type QueryArtifact } from "./routeQuery";

/** A screen module: its default export is a function component. */
export type ScreenModule<P> = Promise<{ default: (props: P) => ReactNode }>;

/**
 * A route's screen and its data, loaded in parallel: the loader starts the query and the chunk
 * download at once, and the screen reads the preloaded query (one round trip per navigation).
 * Spread `lifecycle` into the route so leaving it disposes the query. The router waits for the
 * screen's code (`component.preload`), and a loaded screen renders without suspending.
 */
export function queryScreen<Q extends OperationType>(
  importer: () => ScreenModule<{ queryRef: PreloadedQuery<Q> }>,
  query: QueryArtifact,
) {
  const Screen = lazyRouteComponent(withChunkTimeout(importer));
  const data = routeQuery<Q>(query);
  function QueryScreenRoute() {
    const { queryRef } = useLoaderData({ strict: false }) as { queryRef: PreloadedQuery<Q> };
    return <Screen queryRef={queryRef} />;
  }
  QueryScreenRoute.preload = () => Screen.preload?.();
  return {
    load: (variables: Q["variables"], options: boolean | LoadOptions) => {
      void Screen.preload?.();
      return data.load(variables, options);
    },
    shownVariables: data.shownVariables,
    lifecycle: data.lifecycle,
    component: QueryScreenRoute,
  };
}

/** A screen without a route query (forms, placeholders); the router loads its code before showing it. */
export function plainScreen(importer: () => ScreenModule<object>) {
  return { component: lazyRouteComponent(withChunkTimeout(importer)) };
}
