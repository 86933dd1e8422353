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
import OrgBillingScreenQuery, { type OrgBillingScreenQuery as OrgBillingQuery } from "../__generated__/OrgBillingScreenQuery.graphql";
import OrgSettingsScreenQuery, { type OrgSettingsScreenQuery as OrgSettingsQuery } from "../__generated__/OrgSettingsScreenQuery.graphql";
import OrgUsersScreenQuery, { type OrgUsersScreenQuery as OrgUsersQuery } from "../__generated__/OrgUsersScreenQuery.graphql";
import DataScreenQuery, { type DataScreenQuery as DataQuery } from "../__generated__/DataScreenQuery.graphql";
import ModelScreenQuery, { type ModelScreenQuery as ModelQuery } from "../__generated__/ModelScreenQuery.graphql";
import JsonDeclarationScreenQuery, {
  type JsonDeclarationScreenQuery as JsonDeclarationQuery,
} from "../__generated__/JsonDeclarationScreenQuery.graphql";
import { detectLocale } from "../i18n/locale";
import { templateLanguage } from "../data/templates/templateLanguage";

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

const projectSetupName = createRoute({
  getParentRoute: () => authed,
  path: "/project-setup/name",
  staticData: { name: "project-setup-name", layout: "no-nav" },
  ...plainScreen(() => import("../project/ProjectSetupNameScreen")),
});

const dataScreen = queryScreen<DataQuery>(() => import("../data/DataScreen"), DataScreenQuery);
const projectData = createRoute({
  getParentRoute: () => authed,
  path: "/api/$apiId/data",
  staticData: { name: "project-data", layout: "sidebar" },
  // Templates are part of the route's one query while the modal is open (?showTemplates=true).
  loaderDeps: ({ search }) => ({ withTemplates: String((search as { showTemplates?: unknown }).showTemplates) === "true" }),
  loader: ({ params, deps }) =>
    dataScreen.loader({ apiId: params.apiId, withTemplates: deps.withTemplates, lang: templateLanguage(detectLocale()) }),
  component: dataScreen.component,
});

const modelScreen = queryScreen<ModelQuery>(() => import("../model/ModelScreen"), ModelScreenQuery);
const projectTypes = createRoute({
  getParentRoute: () => authed,
  path: "/api/$apiId/types",
  staticData: { name: "project-types", layout: "sidebar" },
  loader: ({ params }) => modelScreen.loader({ apiId: params.apiId }),
  component: modelScreen.component,
});

const jsonDeclarationScreen = queryScreen<JsonDeclarationQuery>(
  () => import("../declaration/JsonDeclarationScreen"),
  JsonDeclarationScreenQuery,
);
const projectJsonDeclaration = createRoute({
  getParentRoute: () => authed,
  path: "/api/$apiId/json-declaration",
  staticData: { name: "project-json-declaration", layout: "sidebar" },
  loader: ({ params }) => jsonDeclarationScreen.loader({ apiId: params.apiId }),
  component: jsonDeclarationScreen.component,
});

// The organisation area: billing, settings, members, invite/edit (spec §2).
const orgBillingScreen = queryScreen<OrgBillingQuery>(() => import("../org/billing/OrgBillingScreen"), OrgBillingScreenQuery);
const orgSettingsScreen = queryScreen<OrgSettingsQuery>(() => import("../org/settings/OrgSettingsScreen"), OrgSettingsScreenQuery);
const orgUsersScreen = queryScreen<OrgUsersQuery>(() => import("../org/users/OrgUsersScreen"), OrgUsersScreenQuery);
const orgRoutes = [
  createRoute({
    getParentRoute: () => authed,
    path: "/org/$orgId/billing",
    staticData: { name: "org-billing", layout: "org" },
    loader: ({ params }) => orgBillingScreen.loader({ orgId: params.orgId }),
    component: orgBillingScreen.component,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/org/$orgId/settings",
    staticData: { name: "org-settings", layout: "org" },
    loader: ({ params }) => orgSettingsScreen.loader({ orgId: params.orgId }),
    component: orgSettingsScreen.component,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/org/$orgId/users",
    staticData: { name: "org-users", layout: "org" },
    loader: ({ params }) => orgUsersScreen.loader({ orgId: params.orgId }),
    component: orgUsersScreen.component,
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/org/$orgId/users/$action",
    staticData: { name: "org-users-manage", layout: "org" },
    ...plainScreen(() => import("../org/users/OrgUsersManageScreen")),
  }),
];

/** Routes whose screens arrive with later issues: in the tree now, with their layout. */
const placeholderRoutes: [string, string, NonNullable<import("@tanstack/react-router").StaticDataRouteOption["layout"]>][] = [
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
  ["/api/$apiId/settings", "project-settings", "sidebar"],
  ["/api/$apiId/logs", "project-logs", "sidebar"],
  ["/api/$apiId/assets", "project-assets", "sidebar"],
  ["/api/$apiId/cloud-functions", "project-cloud-functions", "sidebar"],
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
  authed.addChildren([orgDashboard, ...orgRoutes, projectOverview, projectSetupName, projectData, projectTypes, projectJsonDeclaration, ...laterRoutes]),
]);
