import { useCallback, useRef } from "react";
import { useRouterState } from "@tanstack/react-router";
import { useNavigateHere } from "../../router/useNavigateHere";
import { useReloadRoute } from "../../router/useReloadRoute";
import type { EntriesVariables } from "./EntriesPanel";

/**
 * When the data route loaded other entries than the explorer shows (or none), this asks it for
 * the shown ones: the route reads the URL and storage, the explorer also knows the model, so the
 * route cannot know a remembered table that is gone, a filter on fields the table no longer has,
 * or that the project went live since. The URL is made to say what is shown, and its change
 * reloads the route; when it already says so, the route reloads. Each list is asked for once,
 * so a route that still cannot load it leaves the spinner instead of asking in a loop.
 */
export function useAskRouteForEntries(variables: EntriesVariables) {
  const navigate = useNavigateHere();
  const reload = useReloadRoute();
  const location = useRouterState({ select: (state) => state.location });
  // While the route loads (the URL just changed), what it brings is awaited, not asked for again.
  const loading = useRouterState({ select: (state) => state.isLoading });
  const asked = useRef("");
  const { ofType, filter } = variables;
  return useCallback(() => {
    if (loading) return;
    const wanted = JSON.stringify([ofType, filter]);
    if (asked.current === wanted) return;
    asked.current = wanted;
    const search = location.search as { filter?: string };
    if (location.hash === ofType && (search.filter ?? null) === (filter ?? null)) return reload();
    void navigate({
      hash: ofType,
      search: (previous: Record<string, unknown>) => ({ ...previous, filter: filter ?? undefined }),
      replace: true,
    });
  }, [ofType, filter, location, loading, navigate, reload]);
}
