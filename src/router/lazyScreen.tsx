import { lazy, type ComponentType } from "react";
import { useLoaderData } from "@tanstack/react-router";
import { loadQuery, type GraphQLTaggedNode, type PreloadedQuery } from "react-relay";
import type { OperationType, VariablesOf } from "relay-runtime";
import { platformEnvironment } from "../relay/environment";

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
    loader: (variables: V) => {
      void importer();
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
