import { useCallback } from "react";
import { useMatch, useRouter } from "@tanstack/react-router";

/**
 * Runs again the loader of the route this component is shown in, which replaces (and disposes)
 * the queries it started: a screen's retry, or a panel whose route did not know what to load.
 */
export function useReloadRoute() {
  const router = useRouter();
  const matchId = useMatch({ strict: false, select: (match) => match.id });
  return useCallback(() => void router.invalidate({ filter: (match) => match.id === matchId }), [router, matchId]);
}
