// The top bar, workspace tabs and project sidebar, one chunk: the signed-out pages (no-nav
// layout) show none of them, so the sign-in page does not load them (src/layouts/Layouts.tsx).
export { TopBar } from "./TopBar";
export { OrgTabs } from "./OrgTabs";
export { ProjectSidebar } from "./ProjectSidebar";
