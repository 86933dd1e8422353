import { lazyRouteComponent } from "@tanstack/react-router";

// Relay stays off the sign-in page, so the part of the sidebar that reads the project layout's
// query loads with a project. Shared with the route, which preloads it for the first page.
export const ProjectLayoutSections = lazyRouteComponent(() => import("../project/ProjectLayoutSections"));
