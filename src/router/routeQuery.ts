import type { PreloadedQuery } from "react-relay/hooks";
import type { ConcreteRequest, OperationType, VariablesOf } from "relay-runtime";
import { withChunkTimeout } from "./chunkTimeout";
import { whileFirstPage } from "./firstPage";
import type { HeldEnvironment } from "../relay/heldEnvironment";
import type { QueryScope } from "../relay/queryEnvironment";

export type { HeldEnvironment } from "../relay/heldEnvironment";

/** How long a query started by hovering a link is kept for the click that may follow. */
export const PRELOAD_KEEP_MS = 30_000;

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

/** Picks the environment a query runs in; tests pass their own. */
export type EnvironmentChooser = (query: ConcreteRequest, scope: QueryScope) => HeldEnvironment | Promise<HeldEnvironment>;

/** The query's own Relay project decides (relay/queryEnvironment.ts), loaded with Relay itself. */
const byRelayProject: EnvironmentChooser = async (query, scope) => (await import("../relay/queryEnvironment")).heldEnvironmentFor(query, scope);

export interface LoadOptions {
  preload: boolean;
  /** Whose endpoint a project-endpoint query asks (its variables do not say). */
  scope?: QueryScope;
  /**
   * Why the router runs the loader ('enter' a new match, 'stay' on the shown one). With `keep`,
   * a shown reference with the same variables is handed on instead of fetched again: to the
   * next match of the route (its search changed), or to the shown match reloading its other query.
   */
  cause?: "enter" | "stay" | "preload";
  keep?: boolean;
}

/**
 * A route's query reference over its life (the Relay guides' "render as you fetch"): the loader
 * starts the query, leaving the route disposes the reference and gives its environment back.
 * A reference started by a hover (preload) that is never entered is disposed after
 * PRELOAD_KEEP_MS; a reload of the shown route (retry) disposes the reference it replaces.
 * The environment follows the query's Relay project, so a route cannot run a project-endpoint
 * query in the platform's environment.
 */
export function routeQuery<Q extends OperationType>(
  query: QueryArtifact,
  /** Where the route's loader data holds the reference (a route may load a second query). */
  key = "queryRef",
  chooseEnvironment: EnvironmentChooser = byRelayProject,
) {
  const artifactOf = withChunkTimeout(query);
  const preloadTimers = new Map<AnyRef, ReturnType<typeof setTimeout>>();
  const releases = new Map<AnyRef, () => void>();
  // How many matches hold a reference: one, or two while a search change hands it to the next match.
  const holders = new Map<AnyRef, number>();
  let shown: AnyRef | undefined;

  const dispose = (ref: AnyRef) => {
    clearTimeout(preloadTimers.get(ref));
    preloadTimers.delete(ref);
    ref.dispose();
    releases.get(ref)?.();
    releases.delete(ref);
    holders.delete(ref);
    if (shown === ref) shown = undefined;
  };
  const release = (ref: AnyRef) => {
    const count = holders.get(ref);
    if (count === undefined) return;
    if (count > 1) holders.set(ref, count - 1);
    else dispose(ref);
  };
  const show = (ref: AnyRef) => {
    clearTimeout(preloadTimers.get(ref));
    preloadTimers.delete(ref);
    if (shown && shown !== ref) dispose(shown);
    shown = ref;
  };
  const refOf = (match: RouteMatchLike) => (match.loaderData as Record<string, AnyRef | null | undefined> | undefined)?.[key] ?? undefined;

  return {
    async load(variables: VariablesOf<Q>, options: boolean | LoadOptions): Promise<RouteQueryData<Q>> {
      const { preload, scope = {}, cause, keep = false } = typeof options === "boolean" ? { preload: options } : options;
      if (keep && !preload && shown && !shown.isDisposed && sameVariables(shown.variables, variables)) {
        const kept = shown as PreloadedQuery<Q>;
        if (cause === "enter") holders.set(kept, (holders.get(kept) ?? 1) + 1);
        return { queryRef: kept };
      }
      // Relay itself loads with the first signed-in page (see RelayProvider); the artifact
      // arrives alongside it, so the request leaves no later than before.
      const [{ loadQuery }, artifact] = await Promise.all([import("react-relay/hooks"), artifactOf()]);
      const held = await chooseEnvironment(artifact.default, scope);
      const queryRef = loadQuery<Q>(held.environment, artifact.default, variables, { fetchPolicy: "store-and-network" });
      releases.set(queryRef, held.release);
      holders.set(queryRef, 1);
      if (preload) preloadTimers.set(queryRef, setTimeout(() => dispose(queryRef), PRELOAD_KEEP_MS));
      else show(queryRef);
      if (!preload) await whileFirstPage(() => answered(queryRef));
      return { queryRef };
    },
    /** The variables of the reference the route shows now, if any. */
    shownVariables: () => (shown && !shown.isDisposed ? (shown.variables as VariablesOf<Q>) : undefined),
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
        if (ref) release(ref);
      },
      // A shown route keeps its reference (Relay's store answers further renders); a left one is
      // dropped at once, so coming back loads afresh instead of reusing a disposed reference.
      staleTime: Infinity,
      gcTime: 0,
    },
  };
}

/** Variables compared by value; the loaders build them in one key order. */
function sameVariables(a: Record<string, unknown>, b: Record<string, unknown>) {
  return JSON.stringify(a) === JSON.stringify(b);
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
