import { lazy, type ComponentType } from "react";
import { useLoaderData } from "@tanstack/react-router";
import type { PreloadedQuery } from "react-relay";
import type { OperationType } from "relay-runtime";
import { routeQuery, type HeldEnvironment, type QueryArtifact } from "./routeQuery";

export type ScreenModule<P> = Promise<{ default: ComponentType<P> }>;

/** Platform screens read the platform environment, which lives as long as the session. */
export async function heldPlatformEnvironment(): Promise<HeldEnvironment> {
  const { platformEnvironment } = await import("../relay/environment");
  return { environment: platformEnvironment(), release: () => undefined };
}

/**
 * A project's own data (its endpoint `/p/<apiId>/graphql`) reads the project's environment,
 * created on first use and released when the last route showing the project is left.
 */
export async function heldProjectEnvironment(variables: { apiId: string }): Promise<HeldEnvironment> {
  const { projectEnvironmentsOfSession } = await import("../relay/environment");
  return projectEnvironmentsOfSession.hold(variables.apiId);
}

/**
 * A route's screen and its data, loaded in parallel: the loader starts the query and the chunk
 * download at once, and the screen reads the preloaded query (one round trip per navigation).
 * Spread `lifecycle` into the route so leaving it disposes the query.
 */
export function queryScreen<Q extends OperationType>(
  importer: () => ScreenModule<{ queryRef: PreloadedQuery<Q> }>,
  query: QueryArtifact,
  environment: (variables: Q["variables"]) => Promise<HeldEnvironment> = heldPlatformEnvironment,
) {
  const Screen = lazy(importer);
  const data = routeQuery<Q>(query, environment);
  return {
    load: (variables: Q["variables"], preload: boolean) => {
      void importer();
      return data.load(variables, preload);
    },
    lifecycle: data.lifecycle,
    component: function QueryScreenRoute() {
      const { queryRef } = useLoaderData({ strict: false }) as { queryRef: PreloadedQuery<Q> };
      return <Screen queryRef={queryRef} />;
    },
  };
}

/** A screen without a route query (forms, placeholders). */
export function plainScreen(importer: () => ScreenModule<object>) {
  const Screen = lazy(importer);
  return {
    loader: () => {
      void importer();
    },
    component: function PlainScreenRoute() {
      return <Screen />;
    },
  };
}
