import type { Browser, Page } from "@playwright/test";
import { addConnection, addField, addObjectType, type SchemaModel } from "../../src/domain/model";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signIn, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { parseFilterSearch } from "../../src/domain/filters";
import { subscribed } from "./live";

/**
 * The filter dropdown and the record editor (spec §2 'Filter dropdown', 'Record
 * editor'): on a published project with Author (has many Book), through the console only.
 */
function libraryModel(): SchemaModel {
  let model = publishableModel(0);
  const author = addObjectType(model, "Author");
  model = addField(author.model, author.id, { name: "name", type: "String" }).model;
  model = addField(model, author.id, { name: "age", type: "Integer" }).model;
  const book = addObjectType(model, "Book");
  model = addField(book.model, book.id, { name: "title", type: "String" }).model;
  return addConnection(model, author.id, book.id, "hasMany");
}

test.describe("the data explorer's filter and record editor", () => {
  test.describe.configure({ mode: "serial" });
  const email = flaggedEmail("records");
  let platform: PlatformProcess;
  let apiId = "";
  let page: Page;

  test.beforeAll(async ({ browser, workerPlatform }) => {
    // A sign-up and a publish on a busy machine: more than the default 120 s.
    test.setTimeout(240_000);
    platform = workerPlatform;
    page = await browser.newPage();
    await signUpWithWorkspace(page, platform, email, "Library Co");
    apiId = await createProject(page, "Library");
    await saveDeclaration(page, platform, apiId, JSON.stringify(libraryModel()));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
  });
  test.afterAll(async () => {
    await page?.close();
  });

  const openTable = async (table: string) => {
    await page.goto(`${platform.url}/api/${apiId}/data#${table}`);
    await expect(page.getByRole("tab", { name: table })).toHaveAttribute("aria-selected", "true");
  };
  const heading = () => page.getByTestId("filter-dropdown").getByRole("heading");

  test("a filter is built field → operator → value, Back clears the later step, and a reload keeps it", async () => {
    await openTable("Author");
    await page.getByTestId("toolbar-filter").click();
    await expect(heading()).toHaveText("Choose a field");
    await page.getByTestId("filter-field-name").click();
    await expect(heading()).toHaveText("Choose an operator");
    await page.getByTestId("filter-back").click();
    await expect(heading()).toHaveText("Choose a field");
    await page.getByTestId("filter-field-age").click();
    // A number offers comparisons, never "begins with".
    await expect(page.getByTestId("filter-operator-beginsWith")).toHaveCount(0);
    await page.getByTestId("filter-operator-gt").click();
    await page.getByTestId("filter-value").fill("30");
    await page.getByTestId("filter-back").click();
    await page.getByTestId("filter-operator-ge").click();
    await expect(page.getByTestId("filter-value")).toHaveValue("");
    await page.getByTestId("filter-value").fill("30");
    await page.getByTestId("filter-value").press("Enter");
    await expect(page.getByTestId("filter-dropdown")).toHaveCount(0);
    await expect(page.getByTestId("filter-chip")).toHaveText(["age is at least 30×"]);
    await expect.poll(() => parseFilterSearch(JSON.parse(new URL(page.url()).searchParams.get("filter") ?? "null"))).toEqual([{ field: "age", operator: "ge", value: 30 }]);

    await page.reload();
    await expect(page.getByTestId("filter-chip")).toHaveText(["age is at least 30×"]);
    await page.getByTestId("toolbar-filter").click();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("filter-dropdown")).toHaveCount(0);
    await page.getByRole("button", { name: "Remove filter: age is at least 30" }).click();
    await expect(page.getByTestId("filter-chip")).toHaveCount(0);
  });

  test("a record is added, edited and its edit cancelled in the sidebar", async () => {
    await openTable("Author");
    await page.getByTestId("toolbar-add").click();
    await expect(page.getByTestId("record-title")).toHaveText("Add Author");
    await page.getByTestId("record-cancel").click();
    await expect(page.getByTestId("record-sidebar")).toHaveCount(0);

    await page.getByTestId("toolbar-add").click();
    // Spec §5 "Read-only fields show an auto-generated placeholder"; the server fills them on Save.
    await expect(page.getByTestId("record-field-createdAt")).toHaveAttribute("placeholder", "Generated automatically");
    await expect(page.getByTestId("record-field-createdAt")).toHaveValue("");
    await page.getByTestId("record-field-name").fill("Ada");
    await page.getByTestId("record-field-age").fill("3x6");
    await expect(page.getByTestId("record-field-age")).toHaveValue("36");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-field-id")).not.toHaveValue("");
    await expect(page.getByTestId("record-field-updatedAt")).toHaveValue(new RegExp(String(new Date().getFullYear())));
    await expect(page.getByTestId("record-save")).toHaveCount(0);

    await page.getByTestId("record-field-name").fill("Ada L.");
    await page.getByTestId("record-cancel").click();
    await expect(page.getByTestId("record-field-name")).toHaveValue("Ada");
    await expect(page.getByTestId("record-save")).toHaveCount(0);

    await page.getByTestId("record-field-name").fill("Ada Lovelace");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-save")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("record-field-name")).toHaveValue("Ada Lovelace");
  });

  test("related records stack: a connection click pushes, back pops, creating replaces the top; link and unlink", async () => {
    // The author from the previous test is still open (the stack is in the URL).
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-field-id")).not.toHaveValue("");
    const authorId = await page.getByTestId("record-field-id").inputValue();
    const books = page.getByTestId("children-Book");
    await expect(books.getByTestId("children-empty")).toBeVisible();
    // The has-many list counts the record's children.
    await expect(books.getByTestId("children-heading")).toHaveText("Book entries (0)");
    await page.getByTestId("record-add-Book").click();
    await expect(page.getByTestId("record-title")).toHaveText("Add Book");
    // The back bar names the record by its label, not its id.
    await expect(page.getByTestId("record-back")).toHaveText("Back to Author Ada Lovelace");
    // A new record starts empty except its parent link, the previous record's id (spec §2).
    await expect(page.getByTestId("record-link-field-authorId")).toHaveValue(authorId);
    await expect(page.getByTestId("record-field-title")).toHaveValue("");
    await page.getByTestId("record-field-title").fill("Notes");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Book");
    const parent = page.getByTestId("parent-Author");
    await expect(parent.getByTestId("connection-card")).toContainText("Ada Lovelace");

    // Push the author from the book's card, then pop back twice.
    await parent.getByTestId("connection-card").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-back")).toHaveText("Back to Book Notes");
    // On a phone the whole sidebar is on screen (the page's scrollbar does not push it off the left edge).
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const box = (await page.getByTestId("record-sidebar").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    await page.setViewportSize(wide);
    await expect(books.getByTestId("connection-card")).toHaveText(/Notes/);
    await expect(books.getByTestId("children-heading")).toHaveText("Book entries (1)");
    await page.getByTestId("record-back").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Book");
    await page.getByTestId("record-back").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-back")).toHaveCount(0);

    // Unlink from the author's side, link again from the same side.
    await books.getByTestId("record-unlink").click();
    await expect(books.getByTestId("children-empty")).toBeVisible();
    await expect(books.getByTestId("children-heading")).toHaveText("Book entries (0)");
    await page.getByTestId("record-link-Book").click();
    await page.getByTestId("record-picker").getByTestId("picker-option").filter({ hasText: "Notes" }).click();
    await expect(books.getByTestId("connection-card")).toHaveText(/Notes/);

    // And from the book's side.
    await books.getByTestId("connection-card").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Book");
    await parent.getByTestId("record-unlink").click();
    await expect(parent.getByTestId("record-link")).toBeVisible();
    await parent.getByTestId("record-link").click();
    await page.getByTestId("record-picker").getByTestId("picker-option").filter({ hasText: "Ada Lovelace" }).click();
    await expect(parent.getByTestId("connection-card")).toContainText("Ada Lovelace");
    // Linking wrote this record; that is no conflict for the next save and no news to announce.
    await page.getByTestId("record-field-title").fill("Notes, 2nd ed.");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-save")).toHaveCount(0);
    await expect(page.getByTestId("record-error")).toHaveCount(0);
    await expect(page.getByTestId("record-notice")).toHaveCount(0);

    await page.getByTestId("record-close").click();
    await expect(page.getByTestId("record-sidebar")).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.get("record")).toBeNull();
  });

  test("two browsers edit one record: the second save is refused with the message and offers a reload", async ({ browser }) => {
    await openTable("Author");
    await page.getByTestId("toolbar-add").click();
    await page.getByTestId("record-field-name").fill("Grace");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    const recordUrl = page.url();

    const other = await secondBrowser(browser, platform, email);
    try {
      const watching = subscribed(other, "useRecordLiveUpdatedSubscription");
      await other.goto(recordUrl);
      await expect(other.getByTestId("record-field-name")).toHaveValue("Grace");
      await watching;
      await other.getByTestId("record-field-name").fill("Grace H.");

      await page.getByTestId("record-field-name").fill("Grace Hopper");
      await page.getByTestId("record-save").click();
      await expect(page.getByTestId("record-save")).toHaveCount(0);

      // The other browser is told live, and its save is refused by the server.
      await expect(other.getByTestId("record-notice")).toContainText("Someone else changed this entry");
      await other.getByTestId("record-save").click();
      await expect(other.getByTestId("record-error")).toContainText("This entry was changed by someone else since you loaded it.");
      await other.getByTestId("record-error").getByTestId("record-reload").click();
      await expect(other.getByTestId("record-field-name")).toHaveValue("Grace Hopper");
      await expect(other.getByTestId("record-error")).toHaveCount(0);
    } finally {
      await other.context().close();
    }
  });

  test("the filter narrows the grid's rows, and the edit column opens a row in the sidebar", async () => {
    await openTable("Author");
    await expect(page.getByTestId("grid-row")).toHaveCount(2);
    await page.getByTestId("toolbar-filter").click();
    await page.getByTestId("filter-field-age").click();
    await page.getByTestId("filter-operator-ge").click();
    await page.getByTestId("filter-value").fill("30");
    await page.getByTestId("filter-apply").click();
    await expect(page.getByTestId("grid-row")).toHaveCount(1);
    await expect(page.getByTestId("grid-row")).toContainText("Ada Lovelace");

    await page.getByTestId("grid-row").getByTestId("row-edit").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-field-name")).toHaveValue("Ada Lovelace");
    await page.getByTestId("record-close").click();
    await page.getByTestId("filter-chip").getByRole("button").click();
    await expect(page.getByTestId("grid-row")).toHaveCount(2);
  });
  test("connection cells open the related record, and Shift+Enter opens a row (docs/DECISIONS.md)", async () => {
    await openTable("Book");
    const book = page.getByTestId("grid-row").filter({ hasText: "Notes, 2nd ed." });
    // Spec §2: "A connection click pushes" — the book's author opens in the sidebar.
    await book.getByTestId("link-authorId").click();
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("record-field-name")).toHaveValue("Ada Lovelace");
    await page.getByTestId("record-close").click();
    await book.getByTestId("cell-title").focus();
    await page.keyboard.press("Shift+Enter");
    await expect(page.getByTestId("record-title")).toHaveText("Edit Book");
    await expect(page.getByTestId("cell-input")).toHaveCount(0);
    await page.getByTestId("record-close").click();

    await openTable("Author");
    const ada = page.getByTestId("grid-row").filter({ hasText: "Ada Lovelace" });
    await ada.locator('[data-testid^="cell-@Book."]').focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("record-title")).toHaveText("Edit Author");
    await expect(page.getByTestId("children-Book").getByTestId("connection-card")).toHaveText(/Notes/);
  });
});

async function secondBrowser(browser: Browser, platform: PlatformProcess, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, platform, email);
  await expect(page).toHaveURL(/\/org\//);
  return page;
}
