import { Suspense, type ReactNode } from "react";
import { lazyRouteComponent, useRouterState } from "@tanstack/react-router";
import type { LayoutName } from "../router/routeMeta";
import { Footer } from "./Footer";
import { useSession } from "../session/sessionState";
import { MAIN_CONTENT_ID } from "../ui/SkipLink";

const loadChrome = () => import("./signedInChrome");
// Once loaded, each renders without suspending (router/firstPage.ts).
const LazyTopBar = lazyRouteComponent(loadChrome, "TopBar");
const LazyOrgTabs = lazyRouteComponent(loadChrome, "OrgTabs");
const LazyProjectSidebar = lazyRouteComponent(loadChrome, "ProjectSidebar");
// Relay stays off the first (sign-in) page, so the live role updates load with the org pages.
const OrgRoleUpdates = lazyRouteComponent(() => import("../org/OrgRoleUpdates"));

/** Loads the signed-in pages' chrome; guards start it so it arrives with the route's data. */
export const loadSignedInChrome = () =>
  Promise.all([LazyTopBar.preload?.(), LazyOrgTabs.preload?.(), LazyProjectSidebar.preload?.(), OrgRoleUpdates.preload?.()]);

// Each waits in a placeholder of its own box, so the page around it neither shifts nor blanks.
const TopBar = () => (
  <Suspense fallback={<header className="topbar" />}>
    <LazyTopBar />
  </Suspense>
);
const OrgTabs = () => (
  <Suspense fallback={<nav className="secondary-tabs" />}>
    <LazyOrgTabs />
  </Suspense>
);
const ProjectSidebar = () => (
  <Suspense fallback={null}>
    <LazyProjectSidebar />
  </Suspense>
);

/** Live role changes of the workspace (members table, the viewer's own permissions). */
function OrgLive() {
  const signedIn = useSession().status === "Authenticated";
  return signedIn ? (
    <Suspense fallback={null}>
      <OrgRoleUpdates />
    </Suspense>
  ) : null;
}

function PendingBar() {
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  return loading ? <div className="loading-bar" aria-hidden="true" /> : null;
}

/** The seven layouts of spec §2; an unknown name falls back to default. */
export function Layout(props: { name: LayoutName | undefined; children: ReactNode }) {
  const main = (
    <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      {props.children}
    </main>
  );
  switch (props.name) {
    case "org":
      return (
        <div className="app">
          <TopBar />
          <OrgTabs />
          <OrgLive />
          <PendingBar />
          {main}
          <Footer />
        </div>
      );
    case "sidebar":
      return (
        <div className="app">
          <TopBar />
          <PendingBar />
          <div className="sidebar-layout">
            <ProjectSidebar />
            <main className="sidebar-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
              {props.children}
            </main>
          </div>
          <Footer />
        </div>
      );
    case "no-nav":
      return (
        <div className="app">
          <PendingBar />
          {main}
          <Footer />
        </div>
      );
    case "no-nav-no-footer":
      return <div className="app">{main}</div>;
    case "app":
    case "flow":
      return (
        <div className="app">
          <TopBar />
          <PendingBar />
          {main}
        </div>
      );
    default:
      return (
        <div className="app">
          <TopBar />
          <PendingBar />
          {main}
          <Footer />
        </div>
      );
  }
}
