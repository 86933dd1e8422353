import { Suspense, lazy, useEffect } from "react";
import { lazyRouteComponent, Outlet, useMatches, useRouterState } from "@tanstack/react-router";
import { Layout } from "./Layouts";
import { DocumentTitle } from "./DocumentTitle";
import { Spinner } from "../ui/Spinner";
import { SkipLink } from "../ui/SkipLink";
import { isSignedIn, useSession } from "../session/sessionState";
import { useSessionExpiredOpen } from "../session/expiry";
import { RouteErrorBoundary } from "../common/RouteErrorBoundary";

const SessionExpiredDialog = lazy(() => import("../auth/SessionExpiredDialog"));
const RelayProvider = lazyRouteComponent(() => import("../relay/RelayProvider"));

/** Relay's provider for signed-in pages; once loaded it renders without suspending (router/firstPage.ts). */
export const loadRelayProvider = () => RelayProvider.preload?.();

/**
 * Hosts what every page shares, and frames the screens that have no layout route of their own
 * with the leaf route's layout (the org and project layout routes frame theirs).
 */
export function RootLayout() {
  const matches = useMatches();
  const layout = matches.at(-1)?.staticData.layout;
  const framedByLayoutRoute = matches.some((match) => match.staticData.framesChildren);
  // A signed-in page that outlived its session (sign-out, until the redirect to login lands).
  const staleSignedInPage = matches.some((match) => match.routeId.startsWith("/authed") || match.routeId.startsWith("/signed-in"));
  const session = useSession();
  const expired = useSessionExpiredOpen();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (session.status === "Loading" || (staleSignedInPage && !isSignedIn(session))) {
    // The global loading indicator during the first load of user data; and after a sign-out,
    // the signed-in screens are gone before their Relay environment is (no Relay error).
    return (
      <div className="app" data-testid="global-loading">
        <div className="loading-bar" aria-hidden="true" />
        <Spinner />
      </div>
    );
  }
  const screen = (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
  const page = framedByLayoutRoute ? screen : <Layout name={layout}>{screen}</Layout>;
  return (
    <>
      <SkipLink />
      <DocumentTitle />
      {isSignedIn(session) ? (
        <Suspense fallback={<Spinner />}>
          <RelayProvider>{page}</RelayProvider>
        </Suspense>
      ) : (
        page
      )}
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog />
        </Suspense>
      )}
    </>
  );
}
