import { useCallback, useRef } from "react";
import { useMatch, useNavigate, useRouter } from "@tanstack/react-router";

/** What the screens change in their own URL; route types are not registered, so search is plain. */
interface NavigateHereOptions {
  search?: true | ((previous: Record<string, unknown>) => Record<string, unknown>);
  hash?: string | ((current: string | undefined) => string);
  replace?: boolean;
  resetScroll?: boolean;
}

/**
 * navigate({ to: "." }) for state a screen keeps in its own URL (the selected table or type in
 * the hash, sort, filter, the record stack). Work that finishes late (a save's answer, a stored
 * choice restored) may call it after the user has gone to another page; "." then means that
 * page, which would get this screen's #Table. Such a call is dropped.
 */
export function useNavigateHere() {
  const navigate = useNavigate();
  const router = useRouter();
  const here = useRef("");
  here.current = useMatch({ strict: false, select: (match) => match.pathname });
  return useCallback(
    (options: NavigateHereOptions) => {
      if (router.state.location.pathname !== here.current) return Promise.resolve();
      return navigate({ ...options, to: "." } as unknown as Parameters<typeof navigate>[0]);
    },
    [navigate, router],
  );
}
