import type { PreloadedQuery } from "react-relay/hooks";
import type { OperationType } from "relay-runtime";
import { createRootRoute, createRoute, lazyRouteComponent, notFound, redirect } from "@tanstack/react-router";
import "./routeMeta";
import { loadRelayProvider, RootLayout } from "../layouts/RootLayout";
import { loadSignedInChrome } from "../layouts/Layouts";
import { withChunkTimeout } from "./chunkTimeout";
import { whileFirstPage } from "./firstPage";
import { NotFoundScreen } from "../common/NotFoundScreen";
import { homeOf, requireAuth, requireSignedIn, requireSignedOut } from "./guards";
import { plainScreen, queryScreen, type ScreenModule } from "./lazyScreen";
import { SIGNED_OUT_PATHS, type SignedOutPath } from "../session/signedOutPaths";
import { bothLifecycles, routeQuery } from "./routeQuery";
import { dataSearch, functionsSearch, loginSearch, logsSearch, manageMemberSearch, publishingSearch, signupCodeSearch } from "./searchParams";
import { RouteError } from "../common/RouteError";
import { screenRoute } from "./screenRoute";
import { knownNotLive } from "../data/liveProjects";
import { sessionSettled } from "../session/sessionState";
import { refreshRoles } from "../session/actions";
import type { OrgDashboardScreenQuery as OrgDashboardQuery } from "../__generated__/OrgDashboardScreenQuery.graphql";
import type { OrgBillingScreenQuery as OrgBillingQuery } from "../__generated__/OrgBillingScreenQuery.graphql";
import type { OrgSettingsScreenQuery as OrgSettingsQuery } from "../__generated__/OrgSettingsScreenQuery.graphql";
import type { OrgUsersScreenQuery as OrgUsersQuery } from "../__generated__/OrgUsersScreenQuery.graphql";
import type { OrgLayoutQuery as OrgLayoutQueryType } from "../__generated__/OrgLayoutQuery.graphql";
import type { ProjectLayoutQuery as ProjectLayoutQueryType } from "../__generated__/ProjectLayoutQuery.graphql";
import type { OrgUsersManageScreenQuery as OrgUsersManageQuery } from "../__generated__/OrgUsersManageScreenQuery.graphql";
import type { DataScreenQuery as DataQuery } from "../__generated__/DataScreenQuery.graphql";
import type { ModelScreenQuery as ModelQuery } from "../__generated__/ModelScreenQuery.graphql";
import type { JsonDeclarationScreenQuery as JsonDeclarationQuery } from "../__generated__/JsonDeclarationScreenQuery.graphql";
import type { PublishOverviewScreenQuery as PublishOverviewQuery } from "../__generated__/PublishOverviewScreenQuery.graphql";
import type { RepublishScreenQuery as RepublishQuery } from "../__generated__/RepublishScreenQuery.graphql";
import type { LogsScreenQuery as LogsQuery } from "../__generated__/LogsScreenQuery.graphql";
import type { AppsScreenQuery as AppsQuery } from "../__generated__/AppsScreenQuery.graphql";
import type { AppEditorScreenQuery as AppEditorQuery } from "../__generated__/AppEditorScreenQuery.graphql";
import type { PublishingScreenQuery as PublishingQuery } from "../__generated__/PublishingScreenQuery.graphql";
import type { PublishAuthScreenQuery as PublishAuthQuery } from "../__generated__/PublishAuthScreenQuery.graphql";
import type { PublishRegionScreenQuery as PublishRegionQuery } from "../__generated__/PublishRegionScreenQuery.graphql";
import type { PublishBundlesScreenQuery as PublishBundlesQuery } from "../__generated__/PublishBundlesScreenQuery.graphql";
import type { PublishBillingScreenQuery as PublishBillingQuery } from "../__generated__/PublishBillingScreenQuery.graphql";
import type { FlowsScreenQuery as FlowsQuery } from "../__generated__/FlowsScreenQuery.graphql";
import type { FlowEditorScreenQuery as FlowEditorQuery } from "../__generated__/FlowEditorScreenQuery.graphql";
import { detectLocale } from "../i18n/locale";
import { templateLanguage } from "../data/templates/templateLanguage";
import { wantedTableName } from "../data/selectedTableName";
import { entriesVariables } from "../data/entries/entriesSearch";
import type { EntriesPanelQuery as EntriesQuery } from "../__generated__/EntriesPanelQuery.graphql";
import type { PlaygroundScreenQuery as PlaygroundQuery } from "../__generated__/PlaygroundScreenQuery.graphql";
import type { FilesScreenQuery as FilesQuery } from "../__generated__/FilesScreenQuery.graphql";
import type { CloudFunctionsScreenQuery as FunctionsQuery } from "../__generated__/CloudFunctionsScreenQuery.graphql";
import type { FilesPanelQuery as FilesListQuery } from "../__generated__/FilesPanelQuery.graphql";
import type { ProjectSettingsScreenQuery as ProjectSettingsQuery } from "../__generated__/ProjectSettingsScreenQuery.graphql";
import type { ApiKeysPanelQuery as ApiKeysQuery } from "../__generated__/ApiKeysPanelQuery.graphql";
import type { FunctionsPanelQuery as FunctionsListQuery } from "../__generated__/FunctionsPanelQuery.graphql";
import { filesVariables } from "../files/project/filesVariables";

export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundScreen });

// Pathless groups carry the auth requirement; each leaf names its layout (spec §2).
const open = createRoute({ getParentRoute: () => rootRoute, id: "open" });
const signedOut = createRoute({ getParentRoute: () => rootRoute, id: "signed-out", beforeLoad: requireSignedOut });
// The first page waits for the code of what frames it, as for its data (router/firstPage.ts).
const signedIn = createRoute({ getParentRoute: () => rootRoute, id: "signed-in", beforeLoad: requireSignedIn, loader: () => whileFirstPage(loadRelayProvider) });
const authed = createRoute({
  getParentRoute: () => rootRoute,
  id: "authed",
  beforeLoad: requireAuth,
  loader: () => whileFirstPage(() => Promise.all([loadRelayProvider(), loadSignedInChrome()])),
});

const home = createRoute({
  getParentRoute: () => open,
  path: "/",
  staticData: { name: "home" },
  beforeLoad: async () => {
    const session = await sessionSettled();
    // After a reload the remembered workspace is only a guess; home checks it is still the viewer's.
    if (session.status === "Authenticated" && !session.rolesLoaded) await refreshRoles().catch(() => undefined);
    throw redirect({ href: homeOf(await sessionSettled()) });
  },
});

const accountRoutes = [
  createRoute({
    getParentRoute: () => open,
    path: "/account/change-email",
    staticData: { name: "account-change-email" },
    ...plainScreen(() => import("../auth/ChangeEmailScreen")),
  }),
  createRoute({
    getParentRoute: () => open,
    path: "/account/verify-email",
    staticData: { name: "account-verify-email" },
    ...plainScreen(() => import("../auth/VerifyEmailScreen")),
  }),
  createRoute({
    getParentRoute: () => open,
    path: "/account/change-password",
    staticData: { name: "account-change-password" },
    ...plainScreen(() => import("../auth/ChangePasswordScreen")),
  }),
];
const accountSettings = createRoute({
  getParentRoute: () => signedIn,
  path: "/account/settings",
  staticData: { name: "account-settings" },
  ...plainScreen(() => import("../auth/AccountSettingsScreen")),
});

const signedOutScreens: Record<SignedOutPath, [name: string, importer: () => ScreenModule<object>]> = {
  "/login": ["login", () => import("../auth/LoginScreen")],
  "/signup": ["signup", () => import("../auth/SignupScreen")],
  "/signup-code-entry": ["signup-code-entry", () => import("../auth/SignupCodeEntryScreen")],
  "/password-reset": ["password-reset", () => import("../auth/PasswordResetScreen")],
};
const signedOutRoutes = SIGNED_OUT_PATHS.map((path) => {
  const [name, importer] = signedOutScreens[path];
  return createRoute({
    getParentRoute: () => signedOut,
    path,
    staticData: { name, layout: "no-nav" },
    // login shows a notice (?notice=); the code entry names the address the code went to (?email=).
    validateSearch: (raw: Record<string, unknown>) => ({ ...loginSearch(raw), ...signupCodeSearch(raw) }),
    ...plainScreen(importer),
  });
});

const workspaceSetup = createRoute({
  getParentRoute: () => signedIn,
  path: "/workspace-setup",
  staticData: { name: "workspace-setup", layout: "no-nav" },
  ...plainScreen(() => import("../org/WorkspaceSetupScreen")),
});

// The org layout owns the workspace's data and chrome; its screens load their own query in
// parallel with it (TanStack Router runs the loaders of all matched routes at once).
const orgLayoutData = routeQuery<OrgLayoutQueryType>(() => import("../__generated__/OrgLayoutQuery.graphql"));
const orgLayout = createRoute({
  getParentRoute: () => authed,
  path: "/org/$orgId",
  staticData: { framesChildren: true },
  loader: ({ params, preload }) => orgLayoutData.load({ orgId: params.orgId }, preload),
  ...orgLayoutData.lifecycle,
  component: lazyRouteComponent(withChunkTimeout(() => import("../org/OrgLayout"))),
  errorComponent: RouteError,
  notFoundComponent: NotFoundScreen,
});

const orgDashboardScreen = queryScreen<OrgDashboardQuery>(() => import("../org/OrgDashboardScreen"), () => import("../__generated__/OrgDashboardScreenQuery.graphql"));
const orgBillingScreen = queryScreen<OrgBillingQuery>(() => import("../org/billing/OrgBillingScreen"), () => import("../__generated__/OrgBillingScreenQuery.graphql"));
const orgSettingsScreen = queryScreen<OrgSettingsQuery>(() => import("../org/settings/OrgSettingsScreen"), () => import("../__generated__/OrgSettingsScreenQuery.graphql"));
const orgUsersScreen = queryScreen<OrgUsersQuery>(() => import("../org/users/OrgUsersScreen"), () => import("../__generated__/OrgUsersScreenQuery.graphql"));
const orgUsersManageScreen = queryScreen<OrgUsersManageQuery>(() => import("../org/users/OrgUsersManageScreen"), () => import("../__generated__/OrgUsersManageScreenQuery.graphql"));

// The organisation area: projects, billing, settings, members, invite/edit (spec §2).
const orgRoutes = [
  createRoute({
    getParentRoute: () => orgLayout,
    path: "apis",
    loader: ({ params, preload }) => orgDashboardScreen.load({ orgId: params.orgId }, preload),
    ...screenRoute({ name: "org-api-dashboard", layout: "org" }, orgDashboardScreen),
  }),
  createRoute({
    getParentRoute: () => orgLayout,
    path: "billing",
    loader: ({ params, preload }) => orgBillingScreen.load({ orgId: params.orgId }, preload),
    ...screenRoute({ name: "org-billing", layout: "org" }, orgBillingScreen),
  }),
  createRoute({
    getParentRoute: () => orgLayout,
    path: "settings",
    loader: ({ params, preload }) => orgSettingsScreen.load({ orgId: params.orgId }, preload),
    ...screenRoute({ name: "org-settings", layout: "org" }, orgSettingsScreen),
  }),
  createRoute({
    getParentRoute: () => orgLayout,
    path: "users",
    loader: ({ params, preload }) => orgUsersScreen.load({ orgId: params.orgId }, preload),
    ...screenRoute({ name: "org-users", layout: "org" }, orgUsersScreen),
  }),
  createRoute({
    getParentRoute: () => orgLayout,
    path: "users/$action",
    validateSearch: manageMemberSearch,
    loader: ({ params, preload }) => orgUsersManageScreen.load({ orgId: params.orgId }, preload),
    ...screenRoute({ name: "org-users-manage", layout: "org" }, orgUsersManageScreen),
  }),
];

const projectSetupName = createRoute({
  getParentRoute: () => authed,
  path: "/project-setup/name",
  staticData: { name: "project-setup-name", layout: "no-nav" },
  ...plainScreen(() => import("../project/ProjectSetupNameScreen")),
});

// The project layout owns what its header and sidebar show and frames its screens; they load
// in parallel with it.
const projectLayoutData = routeQuery<ProjectLayoutQueryType>(() => import("../__generated__/ProjectLayoutQuery.graphql"));
const projectLayout = createRoute({
  getParentRoute: () => authed,
  path: "/api/$apiId",
  staticData: { framesChildren: true },
  loader: ({ params, preload }) => projectLayoutData.load({ apiId: params.apiId }, preload),
  ...projectLayoutData.lifecycle,
  component: lazyRouteComponent(withChunkTimeout(() => import("../project/ProjectLayout"))),
  errorComponent: RouteError,
  notFoundComponent: NotFoundScreen,
});

const dataScreen = queryScreen<DataQuery>(() => import("../data/DataScreen"), () => import("../__generated__/DataScreenQuery.graphql"));
const entriesData = routeQuery<EntriesQuery>(() => import("../__generated__/EntriesPanelQuery.graphql"), "entriesRef");
/** The table whose entries the data route loads: none for a project without a live API (its endpoint answers 404). */
const entriesTable = (apiId: string, hash: string) => (knownNotLive(apiId) ? undefined : wantedTableName(hash));
const projectData = createRoute({
  getParentRoute: () => projectLayout,
  path: "data",
  validateSearch: dataSearch,
  ...screenRoute({ name: "project-data", layout: "sidebar" }, { component: dataScreen.component, lifecycle: bothLifecycles(dataScreen.lifecycle, entriesData.lifecycle) }),
  // The route owns the grid's query: a new sort or filter in the URL is a new match whose loader
  // loads the entries (and hands the screen's unchanged query on); templates are part of the
  // screen's query while the modal is open (?showTemplates=true).
  loaderDeps: ({ search }) => ({ withTemplates: search.showTemplates === true, sort: search.sort, filter: search.filter }),
  // The table is the URL's hash, which loaderDeps do not see: another table reloads the shown match.
  shouldReload: ({ params, location }) => entriesTable(params.apiId, location.hash) !== entriesData.shownVariables()?.ofType,
  // The selected table's entries load from the project's endpoint in parallel with the screen's query.
  loader: async ({ params, deps, preload, location, cause }) => {
    const table = entriesTable(params.apiId, location.hash);
    // Only the table changed: the screen's query stays; a retry (the match invalidated) loads both afresh.
    const tableOnly = cause === "stay" && table !== entriesData.shownVariables()?.ofType;
    // The templates modal is its own chunk (it brings the declaration checker): fetched with the query.
    if (deps.withTemplates) void import("../data/templates/TemplatesModal");
    const [screen, entries] = await Promise.all([
      dataScreen.load({ apiId: params.apiId, withTemplates: deps.withTemplates, lang: templateLanguage(detectLocale()) }, { preload, cause, keep: cause === "enter" || tableOnly }),
      table ? entriesData.load(entriesVariables(table, deps), { preload, cause, keep: cause === "enter", scope: { apiId: params.apiId } }) : null,
    ]);
    return { ...screen, entriesRef: entries?.queryRef ?? null };
  },
});

const modelScreen = queryScreen<ModelQuery>(() => import("../model/ModelScreen"), () => import("../__generated__/ModelScreenQuery.graphql"));
const jsonDeclarationScreen = queryScreen<JsonDeclarationQuery>(
  () => import("../declaration/JsonDeclarationScreen"),
  () => import("../__generated__/JsonDeclarationScreenQuery.graphql"),
);
const projectTypes = createRoute({
  getParentRoute: () => projectLayout,
  path: "types",
  loader: ({ params, preload }) => modelScreen.load({ apiId: params.apiId }, preload),
  ...screenRoute({ name: "project-types", layout: "sidebar" }, modelScreen),
});
const projectJsonDeclaration = createRoute({
  getParentRoute: () => projectLayout,
  path: "json-declaration",
  loader: ({ params, preload }) => jsonDeclarationScreen.load({ apiId: params.apiId }, preload),
  ...screenRoute({ name: "project-json-declaration", layout: "sidebar" }, jsonDeclarationScreen),
});

/** project-logs (spec §2): the filter and tab live in the URL (?tab, ?table, ?event, ?since, ?until). */
const logsScreen = queryScreen<LogsQuery>(() => import("../logs/LogsScreen"), () => import("../__generated__/LogsScreenQuery.graphql"));
const projectLogs = createRoute({
  getParentRoute: () => projectLayout,
  path: "logs",
  validateSearch: logsSearch,
  loader: ({ params, preload }) => logsScreen.load({ apiId: params.apiId }, preload),
  ...screenRoute({ name: "project-logs", layout: "sidebar" }, logsScreen),
});

/** The republish route (spec §2): one earlier version of the project; an id that is no version is not found. */
const republishScreen = queryScreen<RepublishQuery>(() => import("../project/publish/RepublishScreen"), () => import("../__generated__/RepublishScreenQuery.graphql"));
const projectRepublish = createRoute({
  getParentRoute: () => projectLayout,
  path: "republish/$versionId",
  ...screenRoute({ name: "project-republish", layout: "sidebar" }, republishScreen),
  loader: ({ params, preload }) => {
    if (!/^[1-9]\d{0,8}$/.test(params.versionId)) throw notFound();
    return republishScreen.load({ apiId: params.apiId, version: Number(params.versionId) }, preload);
  },
});

const publishOverviewScreen = queryScreen<PublishOverviewQuery>(() => import("../project/publish/PublishOverviewScreen"), () => import("../__generated__/PublishOverviewScreenQuery.graphql"));
const publishingScreen = queryScreen<PublishingQuery>(() => import("../project/publish/PublishingScreen"), () => import("../__generated__/PublishingScreenQuery.graphql"));
const publishAuthScreen = queryScreen<PublishAuthQuery>(() => import("../project/publish/wizard/PublishAuthScreen"), () => import("../__generated__/PublishAuthScreenQuery.graphql"));
const publishRegionScreen = queryScreen<PublishRegionQuery>(() => import("../project/publish/wizard/PublishRegionScreen"), () => import("../__generated__/PublishRegionScreenQuery.graphql"));
const publishBundlesScreen = queryScreen<PublishBundlesQuery>(() => import("../project/publish/wizard/PublishBundlesScreen"), () => import("../__generated__/PublishBundlesScreenQuery.graphql"));
const publishBillingScreen = queryScreen<PublishBillingQuery>(() => import("../project/publish/wizard/PublishBillingScreen"), () => import("../__generated__/PublishBillingScreenQuery.graphql"));

// Spec §2's publish wizard and setup routes (no-nav layout). Checkout returns with session_id:
// to the publishing route after paying, to the bundles after cancelling (§2).
const publishRoutes = [
  createRoute({
    getParentRoute: () => authed,
    path: "/project-publish/$apiId/auth",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishAuthScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-publish-auth", layout: "no-nav" }, publishAuthScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/project-publish/$apiId/region",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishRegionScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-publish-region", layout: "no-nav" }, publishRegionScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/project-publish/$apiId/bundles",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishBundlesScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-publish-bundles", layout: "no-nav" }, publishBundlesScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/api-setup/$apiId/billing",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishBillingScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-setup-billing", layout: "no-nav" }, publishBillingScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/api-setup/$apiId/bundles",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishBundlesScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "api-setup-bundles", layout: "no-nav" }, publishBundlesScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/api-setup/$apiId/overview",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishOverviewScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-setup-overview", layout: "no-nav" }, publishOverviewScreen),
  }),
  createRoute({
    getParentRoute: () => authed,
    path: "/api-setup/$apiId/publishing",
    validateSearch: publishingSearch,
    loader: ({ params, preload }) => publishingScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-setup-publishing", layout: "no-nav" }, publishingScreen),
  }),
];

// GraphiQL and CodeMirror load with this screen's chunk only (scripts/vite/loginBundleGuard.ts).
const playgroundScreen = queryScreen<PlaygroundQuery>(() => import("../playground/PlaygroundScreen"), () => import("../__generated__/PlaygroundScreenQuery.graphql"));

const appsScreen = queryScreen<AppsQuery>(() => import("../apps/AppsScreen"), () => import("../__generated__/AppsScreenQuery.graphql"));

const appEditorScreen = queryScreen<AppEditorQuery>(() => import("../apps/AppEditorScreen"), () => import("../__generated__/AppEditorScreenQuery.graphql"));

/** Routes whose screens arrive with later issues: in the tree now, with their layout. */
const laterProjectRoutes = [
  createRoute({
    getParentRoute: () => projectLayout,
    path: "apps",
    loader: ({ params, preload }) => appsScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-apps", layout: "sidebar" }, appsScreen),
  }),
  createRoute({
    getParentRoute: () => projectLayout,
    path: "apps/$appId/editor",
    loader: ({ params, preload }) => appEditorScreen.load({ apiId: params.apiId, appId: params.appId }, preload),
    ...screenRoute({ name: "project-app-editor", layout: "app" }, appEditorScreen),
  }),
  createRoute({
    getParentRoute: () => projectLayout,
    path: "queries",
    loader: ({ params, preload }) => playgroundScreen.load({ apiId: params.apiId }, preload),
    ...screenRoute({ name: "project-queries", layout: "sidebar" }, playgroundScreen),
  }),
];

const filesScreen = queryScreen<FilesQuery>(() => import("../files/FilesScreen"), () => import("../__generated__/FilesScreenQuery.graphql"));
const functionsScreen = queryScreen<FunctionsQuery>(() => import("../functions/CloudFunctionsScreen"), () => import("../__generated__/CloudFunctionsScreenQuery.graphql"));
const filesList = routeQuery<FilesListQuery>(() => import("../__generated__/FilesPanelQuery.graphql"), "filesRef");
const functionsList = routeQuery<FunctionsListQuery>(() => import("../__generated__/FunctionsPanelQuery.graphql"), "functionsRef");

/**
 * project-assets and project-cloud-functions: the route loads the project's state and, in
 * parallel, the first page of its files or functions from the project's own endpoint, so a
 * visit waits for one round trip; an unpublished project has no list, and its screen says so.
 */
function listedScreen<K extends string, L extends OperationType>(
  name: string,
  screen: typeof filesScreen | typeof functionsScreen,
  list: ReturnType<typeof routeQuery<L>>,
  key: K,
) {
  return {
    ...screenRoute({ name, layout: "sidebar" }, { component: screen.component, lifecycle: bothLifecycles(screen.lifecycle, list.lifecycle) }),
    loader: async ({ params, preload }: { params: { apiId: string }; preload: boolean }) => {
      const [data, listed] = await Promise.all([
        screen.load({ apiId: params.apiId }, preload),
        list.load(filesVariables, { preload, scope: { apiId: params.apiId } }),
      ]);
      return { ...data, ...({ [key]: listed.queryRef } as Record<K, PreloadedQuery<L>>) };
    },
  };
}
const projectAssets = createRoute({ getParentRoute: () => projectLayout, path: "assets", ...listedScreen("project-assets", filesScreen, filesList, "filesRef") });
const projectCloudFunctions = createRoute({
  getParentRoute: () => projectLayout,
  path: "cloud-functions",
  validateSearch: functionsSearch,
  ...listedScreen("project-cloud-functions", functionsScreen, functionsList, "functionsRef"),
});

const projectSettingsScreen = queryScreen<ProjectSettingsQuery>(
  () => import("../project/settings/ProjectSettingsScreen"),
  () => import("../__generated__/ProjectSettingsScreenQuery.graphql"),
);
const apiKeysList = routeQuery<ApiKeysQuery>(() => import("../__generated__/ApiKeysPanelQuery.graphql"), "keysRef");
/**
 * project-settings: the project's settings and, in parallel from its own endpoint, its API keys
 * (none to ask for while it is not live; the screen says so, and when the viewer may not list them).
 */
const projectSettings = createRoute({
  getParentRoute: () => projectLayout,
  path: "settings",
  ...screenRoute(
    { name: "project-settings", layout: "sidebar" },
    { component: projectSettingsScreen.component, lifecycle: bothLifecycles(projectSettingsScreen.lifecycle, apiKeysList.lifecycle) },
  ),
  loader: async ({ params, preload }) => {
    const [data, keys] = await Promise.all([
      projectSettingsScreen.load({ apiId: params.apiId }, preload),
      // apiKeysVariables, kept literal: the route tree ships with the sign-in page.
      knownNotLive(params.apiId) ? null : apiKeysList.load({ limit: 50 }, { preload, scope: { apiId: params.apiId } }),
    ]);
    return { ...data, keysRef: keys?.queryRef ?? null };
  },
});

/** project-flows (spec §2 Flows list). */
const flowsScreen = queryScreen<FlowsQuery>(() => import("../flows/FlowsScreen"), () => import("../__generated__/FlowsScreenQuery.graphql"));
const projectFlows = createRoute({
  getParentRoute: () => projectLayout,
  path: "flows",
  loader: ({ params, preload }) => flowsScreen.load({ apiId: params.apiId }, preload),
  ...screenRoute({ name: "project-flows", layout: "sidebar" }, flowsScreen),
});

// The canvas (@xyflow/react) loads with this screen's chunk only.
const flowEditorScreen = queryScreen<FlowEditorQuery>(() => import("../flows/editor/FlowEditorScreen"), () => import("../__generated__/FlowEditorScreenQuery.graphql"));
const projectFlowEditor = createRoute({
  getParentRoute: () => projectLayout,
  path: "flows/$flowId/editor",
  loader: ({ params, preload }) => flowEditorScreen.load({ apiId: params.apiId, flowId: params.flowId }, preload),
  ...screenRoute({ name: "project-flow-editor", layout: "flow" }, flowEditorScreen),
});

/** project-overview redirects to the data route (spec §2). */
const projectOverview = createRoute({
  getParentRoute: () => projectLayout,
  path: "overview",
  staticData: { name: "project-overview", layout: "sidebar" },
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/api/$apiId/data", params: { apiId: params.apiId } });
  },
});

export const routeTree = rootRoute.addChildren([
  open.addChildren([home, ...accountRoutes]),
  signedOut.addChildren(signedOutRoutes),
  signedIn.addChildren([workspaceSetup, accountSettings]),
  authed.addChildren([
    orgLayout.addChildren(orgRoutes),
    projectSetupName,
    projectLayout.addChildren([projectOverview, projectData, projectTypes, projectJsonDeclaration, projectLogs, projectRepublish, projectAssets, projectCloudFunctions, projectSettings, projectFlows, projectFlowEditor, ...laterProjectRoutes]),
    ...publishRoutes,
  ]),
]);
