import { createRootRoute, createRoute, redirect } from "@tanstack/react-router";
import "./routeMeta";
import { RootLayout } from "../layouts/RootLayout";
import { NotFoundScreen } from "../common/NotFoundScreen";
import { homeOf, requireAuth, requireSignedIn, requireSignedOut } from "./guards";
import { plainScreen, queryScreen } from "./lazyScreen";
import { sessionSettled } from "../session/sessionState";
import OrgDashboardScreenQuery, {
  type OrgDashboardScreenQuery as OrgDashboardQuery,
} from "../__generated__/OrgDashboardScreenQuery.graphql";

const placeholder = plainScreen(() => import("../common/PlaceholderScreen"));

export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundScreen });

// Pathless groups carry the auth requirement; each leaf names its layout (spec §2).
const open = createRoute({ getParentRoute: () => rootRoute, id: "open" });
const signedOut = createRoute({ getParentRoute: () => rootRoute, id: "signed-out", beforeLoad: requireSignedOut });
const signedIn = createRoute({ getParentRoute: () => rootRoute, id: "signed-in", beforeLoad: requireSignedIn });
const authed = createRoute({ getParentRoute: () => rootRoute, id: "authed", beforeLoad: requireAuth });

const home = createRoute({
  getParentRoute: () => open,
  path: "/",
  staticData: { name: "home" },
  beforeLoad: async () => {
    throw redirect({ href: homeOf(await sessionSettled()) });
  },
});

const account = [
  ["/account/change-email", "account-change-email", () => import("../auth/ChangeEmailScreen")],
  ["/account/verify-email", "account-verify-email", () => import("../auth/VerifyEmailScreen")],
  ["/account/change-password", "account-change-password", () => import("../auth/ChangePasswordScreen")],
] as const;
const accountRoutes = account.map(([path, name, importer]) =>
  createRoute({ getParentRoute: () => open, path, staticData: { name }, ...plainScreen(importer) }),
);
const accountSettings = createRoute({
  getParentRoute: () => signedIn,
  path: "/account/settings",
  staticData: { name: "account-settings" },
  ...plainScreen(() => import("../auth/AccountSettingsScreen")),
});

const signedOutRoutes = (
  [
    ["/login", "login", () => import("../auth/LoginScreen")],
    ["/signup", "signup", () => import("../auth/SignupScreen")],
    ["/signup-code-entry", "signup-code-entry", () => import("../auth/SignupCodeEntryScreen")],
    ["/password-reset", "password-reset", () => import("../auth/PasswordResetScreen")],
  ] as const
).map(([path, name, importer]) =>
  createRoute({ getParentRoute: () => signedOut, path, staticData: { name, layout: "no-nav" }, ...plainScreen(importer) }),
);

const workspaceSetup = createRoute({
  getParentRoute: () => signedIn,
  path: "/workspace-setup",
  staticData: { name: "workspace-setup", layout: "no-nav" },
  ...plainScreen(() => import("../org/WorkspaceSetupScreen")),
});

const orgDashboardScreen = queryScreen<OrgDashboardQuery>(() => import("../org/OrgDashboardScreen"), OrgDashboardScreenQuery);
const orgDashboard = createRoute({
  getParentRoute: () => authed,
  path: "/org/$orgId/apis",
  staticData: { name: "org-api-dashboard", layout: "org" },
  loader: ({ params }) => orgDashboardScreen.loader({ orgId: params.orgId }),
  component: orgDashboardScreen.component,
});

/** Routes whose screens arrive with later issues: in the tree now, with their layout. */
const placeholderRoutes: [string, string, NonNullable<import("@tanstack/react-router").StaticDataRouteOption["layout"]>][] = [
  ["/org/$orgId/billing", "org-billing", "org"],
  ["/org/$orgId/settings", "org-settings", "org"],
  ["/org/$orgId/users", "org-users", "org"],
  ["/org/$orgId/users/$action", "org-users-manage", "org"],
  ["/project-setup/name", "project-setup-name", "no-nav"],
  ["/project-publish/$apiId/auth", "project-publish-auth", "no-nav"],
  ["/project-publish/$apiId/region", "project-publish-region", "no-nav"],
  ["/project-publish/$apiId/bundles", "project-publish-bundles", "no-nav"],
  ["/api-setup/$apiId/overview", "project-setup-overview", "no-nav"],
  ["/api-setup/$apiId/billing", "project-setup-billing", "no-nav"],
  ["/api-setup/$apiId/publishing", "project-setup-publishing", "no-nav"],
  ["/api-setup/$apiId/bundles", "api-setup-bundles", "no-nav"],
  ["/api/$apiId/apps", "project-apps", "sidebar"],
  ["/api/$apiId/apps/$appId/editor", "project-app-editor", "app"],
  ["/api/$apiId/flows", "project-flows", "sidebar"],
  ["/api/$apiId/flows/$flowId/editor", "project-flow-editor", "flow"],
  ["/api/$apiId/json-declaration", "project-json-declaration", "sidebar"],
  ["/api/$apiId/settings", "project-settings", "sidebar"],
  ["/api/$apiId/logs", "project-logs", "sidebar"],
  ["/api/$apiId/assets", "project-assets", "sidebar"],
  ["/api/$apiId/cloud-functions", "project-cloud-functions", "sidebar"],
  ["/api/$apiId/data", "project-data", "sidebar"],
  ["/api/$apiId/types", "project-types", "sidebar"],
  ["/api/$apiId/queries", "project-queries", "sidebar"],
  ["/api/$apiId/republish/$versionId", "project-republish", "sidebar"],
];
const laterRoutes = placeholderRoutes.map(([path, name, layout]) =>
  createRoute({ getParentRoute: () => authed, path, staticData: { name, layout }, ...placeholder }),
);

/** project-overview redirects to the data route (spec §2). */
const projectOverview = createRoute({
  getParentRoute: () => authed,
  path: "/api/$apiId/overview",
  staticData: { name: "project-overview", layout: "sidebar" },
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/api/$apiId/data", params: { apiId: params.apiId } });
  },
});

export const routeTree = rootRoute.addChildren([
  open.addChildren([home, ...accountRoutes]),
  signedOut.addChildren(signedOutRoutes),
  signedIn.addChildren([workspaceSetup, accountSettings]),
  authed.addChildren([orgDashboard, projectOverview, ...laterRoutes]),
]);
