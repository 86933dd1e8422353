import type { PreloadedQuery } from "react-relay";
import type { ConcreteRequest, IEnvironment, OperationType, VariablesOf } from "relay-runtime";
import { withChunkTimeout } from "./chunkTimeout";
import { whileFirstPage } from "./firstPage";

/** How long a query started by hovering a link is kept for the click that may follow. */
export const PRELOAD_KEEP_MS = 30_000;

/** An environment a route holds while it is shown, and gives back when it is left. */
export interface HeldEnvironment {
  environment: IEnvironment;
  release(): void;
}

export interface RouteQueryData<Q extends OperationType> {
  queryRef: PreloadedQuery<Q>;
}

/** What the router hands the lifecycle callbacks: the match entered, kept or left. */
interface RouteMatchLike {
  loaderData?: unknown;
}

type AnyRef = PreloadedQuery<OperationType>;

/**
 * A query's compiled artifact, imported when the route loads: the route tree ships with every
 * page, the sign-in page included, and the artifacts of all routes would weigh on it.
 */
export type QueryArtifact = () => Promise<{ default: ConcreteRequest }>;

/**
 * A route's query reference over its life (the Relay guides' "render as you fetch"): the loader
 * starts the query, leaving the route disposes the reference and gives its environment back.
 * A reference started by a hover (preload) that is never entered is disposed after
 * PRELOAD_KEEP_MS; a reload of the shown route (retry) disposes the reference it replaces.
 */
export function routeQuery<Q extends OperationType>(
  query: QueryArtifact,
  environment: (variables: VariablesOf<Q>) => HeldEnvironment | Promise<HeldEnvironment>,
  /** Where the route's loader data holds the reference (a route may load a second query). */
  key = "queryRef",
) {
  const artifactOf = withChunkTimeout(query);
  const preloadTimers = new Map<AnyRef, ReturnType<typeof setTimeout>>();
  const releases = new Map<AnyRef, () => void>();
  let shown: AnyRef | undefined;

  const dispose = (ref: AnyRef) => {
    clearTimeout(preloadTimers.get(ref));
    preloadTimers.delete(ref);
    ref.dispose();
    releases.get(ref)?.();
    releases.delete(ref);
    if (shown === ref) shown = undefined;
  };
  const show = (ref: AnyRef) => {
    clearTimeout(preloadTimers.get(ref));
    preloadTimers.delete(ref);
    if (shown && shown !== ref) dispose(shown);
    shown = ref;
  };
  const refOf = (match: RouteMatchLike) => (match.loaderData as Record<string, AnyRef | null | undefined> | undefined)?.[key] ?? undefined;

  return {
    /** `heldEnvironment` overrides the environment chosen by the variables (a project's, by its id). */
    async load(variables: VariablesOf<Q>, preload: boolean, heldEnvironment?: Promise<HeldEnvironment>): Promise<RouteQueryData<Q>> {
      // Relay itself loads with the first signed-in page (see RelayProvider); the artifact
      // arrives alongside it, so the request leaves no later than before.
      const [{ loadQuery }, artifact, held] = await Promise.all([import("react-relay"), artifactOf(), heldEnvironment ?? environment(variables)]);
      const queryRef = loadQuery<Q>(held.environment, artifact.default, variables, { fetchPolicy: "store-and-network" });
      releases.set(queryRef, held.release);
      if (preload) preloadTimers.set(queryRef, setTimeout(() => dispose(queryRef), PRELOAD_KEEP_MS));
      else show(queryRef);
      if (!preload) await whileFirstPage(() => answered(queryRef));
      return { queryRef };
    },
    /** Route options that tie the reference to the route's life. */
    lifecycle: {
      onEnter: (match: RouteMatchLike) => {
        const ref = refOf(match);
        if (ref) show(ref);
      },
      onStay: (match: RouteMatchLike) => {
        const ref = refOf(match);
        if (ref) show(ref);
      },
      onLeave: (match: RouteMatchLike) => {
        const ref = refOf(match);
        if (ref) dispose(ref);
      },
      // A shown route keeps its reference (Relay's store answers further renders); a left one is
      // dropped at once, so coming back loads afresh instead of reusing a disposed reference.
      staleTime: Infinity,
      gcTime: 0,
    },
  };
}

/** The query's network answer is in the store (or failed, which the screen shows). */
function answered(queryRef: AnyRef): Promise<void> | undefined {
  const source = queryRef.source;
  if (!source) return undefined;
  return new Promise<void>((resolve) => {
    source.subscribe({ complete: () => resolve(), error: () => resolve() });
  });
}

type Lifecycle = ReturnType<typeof routeQuery>["lifecycle"];

/** The lifecycle of a route that loads two queries (its screen's and a second endpoint's). */
export function bothLifecycles(first: Lifecycle, second: Lifecycle): Lifecycle {
  return {
    onEnter: (match) => {
      first.onEnter(match);
      second.onEnter(match);
    },
    onStay: (match) => {
      first.onStay(match);
      second.onStay(match);
    },
    onLeave: (match) => {
      first.onLeave(match);
      second.onLeave(match);
    },
    staleTime: first.staleTime,
    gcTime: first.gcTime,
  };
}
