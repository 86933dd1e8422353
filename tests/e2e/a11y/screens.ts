import type { Page } from "@playwright/test";

/** What the a11y walk created: the ids the routes need. */
export type SeedIds = {
  orgId: string;
  apiId: string;
  /** A published project with entries (a11y/seed.ts). */
  dataApiId: string;
};

/** Opens one dialog (or menu) on a screen that is already showing. */
export type OpenDialog = (page: Page) => Promise<void>;

export type Screen = {
  /** The route's staticData.name; tests/components/router/a11yScreens.test.ts checks every route is here. */
  route: string;
  path: (ids: SeedIds) => string;
  /** Visited before the walk signs in (the signed-out pages redirect a signed-in user). */
  signedOut?: boolean;
  /** Each is opened on a fresh load of the screen and checked on its own. */
  dialogs?: Record<string, OpenDialog>;
};

const clickTestId = (testId: string): OpenDialog => (page) => page.getByTestId(testId).click();
const openMenu = (testId: string): OpenDialog => (page) => page.getByTestId(testId).getByRole("button").first().click();
const tableAction = (action: string): OpenDialog => async (page) => {
  await page.getByTestId("table-actions").getByRole("button").click();
  await page.getByTestId(`action-${action}`).click();
};

/**
 * Every screen of the console, visited by tests/e2e/a11y.spec.ts in light and dark, en and de.
 * A new screen is one line here (and its dialogs, if it opens any).
 */
export const SCREENS: Screen[] = [
  { route: "login", path: () => "/login", signedOut: true },
  { route: "signup", path: () => "/signup", signedOut: true },
  { route: "signup-code-entry", path: () => "/signup-code-entry", signedOut: true },
  { route: "password-reset", path: () => "/password-reset", signedOut: true },
  { route: "workspace-setup", path: () => "/workspace-setup" },
  { route: "account-settings", path: () => "/account/settings" },
  { route: "account-change-email", path: () => "/account/change-email" },
  { route: "account-verify-email", path: () => "/account/verify-email" },
  { route: "account-change-password", path: () => "/account/change-password" },
  { route: "org-api-dashboard", path: (ids) => `/org/${ids.orgId}/apis`, dialogs: { "user menu": openMenu("user-menu") } },
  { route: "org-billing", path: (ids) => `/org/${ids.orgId}/billing` },
  { route: "org-settings", path: (ids) => `/org/${ids.orgId}/settings`, dialogs: { "delete workspace": clickTestId("delete-workspace") } },
  { route: "org-users", path: (ids) => `/org/${ids.orgId}/users` },
  { route: "org-users-manage", path: (ids) => `/org/${ids.orgId}/users/invite` },
  { route: "project-setup-name", path: () => "/project-setup/name" },
  {
    route: "project-data",
    path: (ids) => `/api/${ids.apiId}/data`,
    dialogs: {
      // The modal opens from the URL, as after creating a project (spec §2).
      templates: async (page) => {
        // Built on the URL, not its text: a hash the screen has added stays a hash.
        const url = new URL(page.url());
        url.searchParams.set("showTemplates", "true");
        await page.goto(url.toString());
      },
      "project menu": openMenu("project-nav-dropdown"),
      "add table menu": openMenu("add-table-menu"),
      "table name": tableAction("name"),
      "add field": tableAction("field"),
      "field settings": tableAction("fieldSettings"),
      "table permissions": tableAction("permissions"),
      "table publishing": tableAction("publishing"),
      "delete table": tableAction("delete"),
    },
  },
  {
    // The data screen of a published table with entries: the grid, its filter, the record sidebar and the project sign-in.
    route: "project-data",
    path: (ids) => `/api/${ids.dataApiId}/data#Item1`,
    dialogs: {
      "filter dropdown": clickTestId("toolbar-filter"),
      "record sidebar": async (page) => {
        await page.getByTestId("row-edit").first().click();
        await page.getByTestId("record-field-title").waitFor();
      },
      "new record sidebar": async (page) => {
        await page.getByTestId("toolbar-add").click();
        await page.getByTestId("grid-row-pending").waitFor();
      },
      // Last: the modal's state lives in memory and going to this same URL (#Item1) does not reload the page.
      "project sign-in": clickTestId("project-sign-in"),
    },
  },
  { route: "project-types", path: (ids) => `/api/${ids.apiId}/types` },
  { route: "project-json-declaration", path: (ids) => `/api/${ids.apiId}/json-declaration` },
  { route: "project-publish-auth", path: (ids) => `/project-publish/${ids.apiId}/auth` },
  { route: "project-publish-region", path: (ids) => `/project-publish/${ids.apiId}/region` },
  { route: "project-publish-bundles", path: (ids) => `/project-publish/${ids.apiId}/bundles` },
  { route: "project-setup-overview", path: (ids) => `/api-setup/${ids.apiId}/overview` },
  { route: "project-setup-billing", path: (ids) => `/api-setup/${ids.apiId}/billing` },
  { route: "project-setup-publishing", path: (ids) => `/api-setup/${ids.apiId}/publishing` },
  { route: "api-setup-bundles", path: (ids) => `/api-setup/${ids.apiId}/bundles` },
  { route: "project-apps", path: (ids) => `/api/${ids.apiId}/apps` },
  { route: "project-app-editor", path: (ids) => `/api/${ids.apiId}/apps/app_a11y/editor` },
  { route: "project-flows", path: (ids) => `/api/${ids.apiId}/flows` },
  { route: "project-flow-editor", path: (ids) => `/api/${ids.apiId}/flows/flow_a11y/editor` },
  { route: "project-settings", path: (ids) => `/api/${ids.apiId}/settings` },
  { route: "project-logs", path: (ids) => `/api/${ids.apiId}/logs` },
  // The published project, so the walk sees the file list, not only the publish hint.
  { route: "project-assets", path: (ids) => `/api/${ids.dataApiId}/assets`, dialogs: { "delete file": clickTestId("file-delete") } },
  { route: "project-cloud-functions", path: (ids) => `/api/${ids.dataApiId}/cloud-functions`, dialogs: { "upload function": clickTestId("functions-upload") } },
  { route: "project-queries", path: (ids) => `/api/${ids.apiId}/queries` },
  { route: "project-republish", path: (ids) => `/api/${ids.apiId}/republish/1` },
  { route: "not-found", path: () => "/no-such-page" },
];

/** Routes that only redirect to another screen of the list. */
export const REDIRECT_ROUTES = ["home", "project-overview"];
