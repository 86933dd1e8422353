import type { Page } from "@playwright/test";
import { expect, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/** From the dashboard through project-setup-name; lands in the data view with the templates modal. */
async function createProject(page: Page, labels: { name: string; submit: string }, projectName: string) {
  await page.getByTestId("create-project-card").click();
  await expect(page).toHaveURL(/\/project-setup\/name$/);
  await page.getByLabel(labels.name).fill(projectName);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/api\/api_[^/]+\/data\?showTemplates=true$/);
  await expect(page.getByTestId("templates-modal")).toBeVisible();
}

const ENGLISH = { name: "Project name", submit: "Create project" };
const tabNames = (page: Page) => page.getByRole("tab").allTextContents();

test("a project starts from a German template, a table is renamed, and a reload shows the saved model", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("template"), "Rezeptwelt");
  await page.getByTestId("language-select").selectOption("de");
  await createProject(page, { name: "Projektname", submit: "Projekt erstellen" }, "Kochbuch");

  const modal = page.getByTestId("templates-modal");
  await expect(modal.getByRole("heading", { name: "Wie möchtest du starten?" })).toBeVisible();
  const card = modal.getByTestId("template-card").filter({ has: page.getByTestId("template-name").getByText("Rezepte", { exact: true }) });
  // allTextContents() does not wait: read the pills once the card shows them.
  await expect(card.getByTestId("template-pill").nth(1)).toBeVisible();
  const tables = await card.getByTestId("template-pill").allTextContents();
  expect(tables.length).toBeGreaterThan(1);
  await card.click();
  await modal.getByRole("button", { name: "Vorlage verwenden" }).click();

  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/data$/);
  await expect.poll(() => tabNames(page)).toEqual(tables);
  await expect(page.getByTestId("publish-hint")).toHaveText("Bitte veröffentliche das Projekt, bevor du Daten bearbeitest.");

  // Rename the selected (first) table through the table actions menu.
  await page.getByTestId("table-actions").getByRole("button").click();
  await page.getByRole("menuitem", { name: "Tabellenname" }).click();
  const dialog = page.getByTestId("table-name-dialog");
  await dialog.getByLabel("Name").fill("Query");
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Speichern" })).toBeDisabled();
  await dialog.getByLabel("Name").fill("Lieblingsrezept");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "Lieblingsrezept" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/#Lieblingsrezept$/);

  await page.reload();
  await expect.poll(() => tabNames(page)).toEqual(["Lieblingsrezept", ...tables.slice(1)]);
  await expect(page.getByRole("tab", { name: "Lieblingsrezept" })).toHaveAttribute("aria-selected", "true");
});

test("the project sidebar, header and new-table dropdown of an unpublished project", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("sidebar"), "Sidebar Co");
  await createProject(page, ENGLISH, "Plain");
  await page.getByTestId("templates-skip").click();
  await expect(page).toHaveURL(/\/data$/);
  await expect.poll(() => tabNames(page)).toEqual(["Table1"]);

  const sidebar = page.getByTestId("project-sidebar");
  await expect(sidebar.getByRole("link")).toHaveText(["Data", "Files", "Apps", "Model", "Settings"]);
  await page.getByTestId("project-nav-dropdown").getByRole("button").click();
  await expect(page.getByTestId("project-header-status")).toHaveText("init");
  await expect(page.getByTestId("project-header-region")).toHaveText("Frankfurt");
  await expect(page.getByTestId("project-header-auth")).toHaveText("API key");
  await page.keyboard.press("Escape");

  await page.getByTestId("add-table-menu").getByRole("button").click();
  await page.getByRole("menuitem", { name: "New table" }).click();
  await expect.poll(() => tabNames(page)).toEqual(["Table1", "NewTable1"]);
  await expect(page.getByRole("tab", { name: "NewTable1" })).toHaveAttribute("aria-selected", "true");
  for (const action of ["Add entry", "Import", "Filter", "Delete", "Export"]) {
    await expect(page.getByRole("toolbar").getByRole("button", { name: action })).toBeDisabled();
  }

  // The new project is first in the workspace's list.
  await page.getByRole("link", { name: "Projects" }).first().click();
  await expect(page.getByTestId("project-card").first()).toContainText("Plain");
});

for (const [language, prompt, expected] of [
  ["de", "Ich brauche ein CRM mit Kunden, Kontakten und Angeboten", ["Kunde", "Kontakt", "Angebot"]],
  ["en", "a blog with posts, authors and comments", ["Post", "Author", "Comment"]],
] as const) {
  test(`the AI start turns '${prompt}' into tables`, async ({ page, platform }) => {
    await signUpWithWorkspace(page, platform, uniqueEmail("ai"), "AI Co");
    if (language === "de") await page.getByTestId("language-select").selectOption("de");
    await createProject(page, language === "de" ? { name: "Projektname", submit: "Projekt erstellen" } : ENGLISH, "Generated");
    const modal = page.getByTestId("templates-modal");
    await modal.getByTestId("ai-prompt-input").fill(prompt);
    await modal.getByTestId("ai-prompt-submit").click();
    // The proposal is shown first and only used once accepted.
    const preview = page.getByTestId("replace-model-dialog");
    await expect(preview.getByTestId("model-preview-name").first()).toBeVisible({ timeout: 20_000 });
    await preview.getByRole("button", { name: language === "de" ? "Tabellen übernehmen" : "Use tables" }).click();
    await expect(modal).toBeHidden({ timeout: 20_000 });
    const tabs = await tabNames(page);
    for (const name of expected) expect(tabs).toContain(name);
  });
}

test("opening a project of another workspace switches to that workspace; a stranger is refused", async ({ page, browser, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("switch"), "First");
  const firstOrg = new URL(page.url()).pathname.split("/")[2];
  await createProject(page, ENGLISH, "Travels");
  await page.getByTestId("templates-skip").click();
  await expect(page).toHaveURL(/\/data$/);
  const projectUrl = page.url();

  await page.getByTestId("user-menu").getByRole("button").click();
  await page.getByTestId("create-workspace").click();
  await page.getByLabel("Workspace name").fill("Second");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Second");

  await page.goto(projectUrl);
  await expect(page.getByRole("tab", { name: "Table1" })).toBeVisible();
  const projects = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Projects" });
  await expect(projects).toHaveAttribute("href", `/org/${firstOrg}/apis`);

  const stranger = await browser.newPage();
  await signUpWithWorkspace(stranger, platform, uniqueEmail("stranger"), "Elsewhere");
  await stranger.goto(projectUrl);
  // Another workspace's project says no more than an unknown id (not found).
  await expect(stranger.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await stranger.close();
});
