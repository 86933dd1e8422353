import type { ReactNode } from "react";
import { Footer } from "./Footer";
import { Main, OrgTabs, PendingBar, TopBar } from "./Layouts";

/** The org layout of spec §2: top bar with the workspace's tabs, a loading indicator, a footer. */
export function OrgFrame(props: { children: ReactNode }) {
  return (
    <div className="app">
      <TopBar />
      <OrgTabs />
      <PendingBar />
      <Main>{props.children}</Main>
      <Footer />
    </div>
  );
}
