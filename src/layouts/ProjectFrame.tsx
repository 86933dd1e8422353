import type { ReactNode } from "react";
import type { ProjectNavInfo } from "../project/projectSections";
import type { LayoutName } from "../router/routeMeta";
import { Footer } from "./Footer";
import { Main, PendingBar, ProjectSidebar, TopBar } from "./Layouts";
import { RightSidebarSlot } from "./RightSidebar";

/**
 * The project layouts of spec §2: `sidebar` (the project's sections, the screen, a right sidebar
 * slot, a footer) and the editors' `app` and `flow` (top bar and the screen only). `info` is the
 * project layout's answer, undefined while it loads or when it failed: the sidebar then shows the
 * sections every project has.
 */
export function ProjectFrame(props: { layout: LayoutName | undefined; apiId: string; info: ProjectNavInfo | undefined; children: ReactNode }) {
  if (props.layout === "app" || props.layout === "flow") {
    return (
      <div className="app">
        <TopBar />
        <PendingBar />
        <Main>{props.children}</Main>
      </div>
    );
  }
  return (
    <div className="app">
      <TopBar />
      <PendingBar />
      <RightSidebarSlot>
        <div className="sidebar-layout">
          <ProjectSidebar apiId={props.apiId} info={props.info} />
          <Main className="sidebar-content">{props.children}</Main>
        </div>
      </RightSidebarSlot>
      <Footer />
    </div>
  );
}
