import { lazy, type ComponentType } from "react";
import { useLoaderData } from "@tanstack/react-router";
import type { GraphQLTaggedNode, PreloadedQuery } from "react-relay";
import type { OperationType, VariablesOf } from "relay-runtime";

type ScreenModule<P> = Promise<{ default: ComponentType<P> }>;

/**
 * A route's screen and its data, loaded in parallel: the loader starts the query and the chunk
 * download at once, and the screen reads the preloaded query (one round trip per navigation).
 */
export function queryScreen<Q extends OperationType, V extends VariablesOf<Q> = VariablesOf<Q>>(
  importer: () => ScreenModule<{ queryRef: PreloadedQuery<Q> }>,
  query: GraphQLTaggedNode,
) {
  const Screen = lazy(importer);
  return {
    loader: async (variables: V) => {
      void importer();
      // Relay itself loads with the first signed-in page (see RelayProvider).
      const [{ loadQuery }, { platformEnvironment }] = await Promise.all([import("react-relay"), import("../relay/environment")]);
      return { queryRef: loadQuery<Q>(platformEnvironment(), query, variables, { fetchPolicy: "store-and-network" }) };
    },
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
