import { Suspense, type ReactNode } from "react";
import { lazyRouteComponent, useRouterState } from "@tanstack/react-router";
import type { LayoutName } from "../router/routeMeta";
import { Footer } from "./Footer";
import { MAIN_CONTENT_ID } from "../ui/SkipLink";

const loadChrome = () => import("./signedInChrome");
// Once loaded, each renders without suspending (router/firstPage.ts).
const LazyTopBar = lazyRouteComponent(loadChrome, "TopBar");
const LazyOrgTabs = lazyRouteComponent(loadChrome, "OrgTabs");
const LazyProjectSidebar = lazyRouteComponent(loadChrome, "ProjectSidebar");

/** Loads the signed-in pages' chrome; guards start it so it arrives with the route's data. */
export const loadSignedInChrome = () => Promise.all([LazyTopBar.preload?.(), LazyOrgTabs.preload?.(), LazyProjectSidebar.preload?.()]);

// Each waits in a placeholder of its own box, so the page around it neither shifts nor blanks.
export const TopBar = () => (
  <Suspense fallback={<header className="topbar" />}>
    <LazyTopBar />
  </Suspense>
);
export const OrgTabs = () => (
  <Suspense fallback={<nav className="secondary-tabs" />}>
    <LazyOrgTabs />
  </Suspense>
);
export const ProjectSidebar = (props: { apiId: string; info: import("../project/projectSections").ProjectNavInfo | undefined }) => (
  <Suspense fallback={null}>
    <LazyProjectSidebar {...props} />
  </Suspense>
);

export function PendingBar() {
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  return loading ? <div className="loading-bar" aria-hidden="true" /> : null;
}

/** The element every layout puts the screen in (the skip link's target). */
export function Main(props: { className?: string; children: ReactNode }) {
  return (
    <main className={props.className ?? "app-main"} id={MAIN_CONTENT_ID} tabIndex={-1}>
      {props.children}
    </main>
  );
}

/**
 * The layouts of spec §2 whose screens have no layout route of their own; the org and project
 * layout routes frame their screens themselves (OrgFrame, ProjectFrame). An unknown name falls
 * back to default.
 */
export function Layout(props: { name: LayoutName | undefined; children: ReactNode }) {
  const main = <Main>{props.children}</Main>;
  switch (props.name) {
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
