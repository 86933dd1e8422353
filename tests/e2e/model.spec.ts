import type { Page } from "@playwright/test";
import { createProject, expect, flaggedEmail, type PlatformProcess, signUpWithWorkspace, test, uniqueEmail } from "./platform";

const RESERVED_TYPE_NAMES = ["Activity", "ApiKey", "Subscription", "Query", "Mutation", "query"];
const RESERVED_FIELD_NAMES = [
  "id", "createdAt", "updatedAt", "pbac0sub", "gsi1sk", "gsi2sk", "gsi0sortby", "pk", "sk",
  "fields", "connections", "directives", "ofType", "namespace", "version", "data", "Version",
];

const typeName = (page: Page) => page.getByTestId("type-name");
const typeNameError = (page: Page) => page.getByTestId("type-editor").locator(".model-editor-head .field-error");
const fieldRow = (page: Page, name: string) => page.locator(`[data-testid="field-row"][data-field-name="${name}"]`);

async function addField(page: Page, name: string, type?: string) {
  await page.getByTestId("add-field").click();
  const added = page.getByTestId("field-row").last();
  await added.getByTestId("field-name").fill(name);
  if (type) await fieldRow(page, name).getByTestId("field-type").selectOption(type);
}

async function openModel(page: Page, platform: PlatformProcess, apiId: string, hash = "") {
  await page.goto(`${platform.url}/api/${apiId}/types${hash}`);
  await expect(page.getByTestId("type-editor")).toBeVisible();
}

test("the model editor shapes tables, fields and connections, enforcing every name rule", async ({ page, platform }) => {
  // One long walk through the editor: sign-up, project, many edits, reloads.
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, platform, uniqueEmail("model"), "Model Co");
  const apiId = await createProject(page, "Blog");
  await openModel(page, platform, apiId);

  // The initial model: Table1 with its three read-only fields.
  await expect(typeName(page)).toHaveValue("Table1");
  await expect(page.getByTestId("field-row")).toHaveCount(3);
  await expect(page.getByTestId("model-save")).toHaveCount(0);

  await typeName(page).fill("Post");
  await expect(page).toHaveURL(/#Post$/);
  await addField(page, "title");
  await addField(page, "rating", "Float");
  await addField(page, "published", "Boolean");
  await addField(page, "tags", "ListString");
  await addField(page, "publishedOn", "Date");
  await addField(page, "contact", "Email");
  await fieldRow(page, "title").getByTestId("field-required").selectOption("create");
  await expect(fieldRow(page, "title").getByTestId("field-required")).toHaveValue("create");

  await page.getByTestId("add-type").click();
  await expect(typeName(page)).toHaveValue("NewTable1");
  await typeName(page).fill("Author");
  await addField(page, "name");

  // Every reserved and duplicate table name, with the localized message and Save disabled.
  for (const name of RESERVED_TYPE_NAMES) {
    await typeName(page).fill(name);
    await expect(typeNameError(page)).toHaveText("This name is reserved.");
    await expect(page.getByTestId("model-save")).toBeDisabled();
  }
  await typeName(page).fill("post");
  await expect(typeNameError(page)).toHaveText("This name is already used.");
  await typeName(page).fill("A");
  await expect(typeNameError(page)).toHaveText("The name needs at least 2 characters.");
  await typeName(page).fill("Author");
  await expect(typeNameError(page)).toHaveCount(0);

  // Every reserved field name (case-insensitive), then a duplicate one.
  const lastField = page.getByTestId("field-row").last();
  for (const name of RESERVED_FIELD_NAMES) {
    await lastField.getByTestId("field-name").fill(name);
    await expect(lastField.getByTestId("field-name-error")).toHaveText("This field name is reserved.");
    await expect(page.getByTestId("model-save")).toBeDisabled();
  }
  await lastField.getByTestId("field-name").fill("name");
  await addField(page, "name");
  await expect(page.getByTestId("field-name-error")).toHaveText("Field names need at least 2 characters and must be unique in the table.");
  await page.getByTestId("field-row").last().getByTestId("remove-field").click();
  await expect(page.getByTestId("field-name-error")).toHaveCount(0);

  // Author has many Post; both sides show the connection.
  await page.getByTestId("connection-kind").selectOption("hasMany");
  await page.getByTestId("connection-target").selectOption({ label: "Post" });
  await page.getByTestId("add-connection").click();
  await expect(page.getByTestId("connection")).toHaveText(/has many Post/);
  await page.getByTestId("type-list-item").filter({ hasText: "Post" }).click();
  await expect(page).toHaveURL(/#Post$/);
  await expect(page.getByTestId("connection")).toHaveText(/belongs to Author/);

  await page.getByTestId("model-save").click();
  await expect(page.getByTestId("model-save")).toHaveCount(0);

  // Cancel restores the saved model.
  await typeName(page).fill("Article");
  await addField(page, "summary");
  await page.getByTestId("model-cancel").click();
  await expect(typeName(page)).toHaveValue("Post");
  await expect(fieldRow(page, "summary")).toHaveCount(0);
  await expect(page.getByTestId("model-cancel")).toHaveCount(0);

  // Leaving the screen saves; a reload shows the saved model.
  await typeName(page).fill("Article");
  await addField(page, "summary", "Json");
  await page.getByTestId("nav-data").click();
  await expect(page).toHaveURL(/\/data/);
  // The editor stays, unsaved, until the data screen has loaded and replaced it: only then has
  // it been left (clicking back before that returns to the same unsaved editor).
  await expect(page.getByTestId("type-editor")).toHaveCount(0);
  // Back in the app (a page load now could cut the save short): the saved name is listed.
  await page.getByTestId("nav-types").click();
  await page.getByTestId("type-list-item").filter({ hasText: "Article" }).click();
  await expect(typeName(page)).toHaveValue("Article");
  await page.reload();
  await expect(typeName(page)).toHaveValue("Article");
  await expect
    .poll(() => page.getByTestId("field-name").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
    .toEqual(["id", "createdAt", "updatedAt", "title", "rating", "published", "tags", "publishedOn", "contact", "summary"]);
  await expect(fieldRow(page, "rating").getByTestId("field-type")).toHaveValue("Float");
  await expect(fieldRow(page, "summary").getByTestId("field-type")).toHaveValue("Json");
  await expect(fieldRow(page, "title").getByTestId("field-required")).toHaveValue("create");
  await expect(page.getByTestId("connection")).toHaveText(/belongs to Author/);
  await page.getByTestId("type-list-item").filter({ hasText: "Author" }).click();
  await expect(page.getByTestId("connection")).toHaveText(/has many Article/);

  // Enums: a value rule, then an enum used as a field type.
  await page.getByRole("tab", { name: "Enums" }).click();
  await page.getByTestId("add-enum").click();
  await page.getByTestId("enum-name").fill("Status");
  await page.getByTestId("add-enum-value").click();
  await page.getByTestId("enum-value-input").last().fill("1st");
  await expect(page.getByTestId("enum-value-error")).toHaveText("A value must not start with a digit.");
  await page.getByTestId("enum-value-input").last().fill("DRAFT");
  await page.getByTestId("add-enum-value").click();
  await page.getByTestId("enum-value-input").last().fill("LIVE");
  await page.getByRole("tab", { name: "Types" }).click();
  await addField(page, "status", "enum:" + (await enumId(page, "Status")));
  await page.getByTestId("model-save").click();
  await expect(page.getByTestId("model-save")).toHaveCount(0);
  await page.reload();
  await expect(fieldRow(page, "status").getByTestId("field-type").locator("option:checked")).toHaveText("Status");

  // The same rule in German.
  await page.getByTestId("language-select").selectOption("de");
  await typeName(page).fill("Mutation");
  await expect(typeNameError(page)).toHaveText("Dieser Name ist reserviert.");
  await expect(page.getByTestId("model-save")).toHaveText("Speichern");
  await page.getByTestId("model-cancel").click();

  // Declaration is for flagged users only.
  await page.goto(`${platform.url}/api/${apiId}/json-declaration`);
  await expect(page.getByTestId("declaration-not-allowed")).toBeVisible();
});

/** The option value the type select uses for an enum. */
async function enumId(page: Page, name: string) {
  const option = page.getByTestId("field-type").first().locator("option", { hasText: name });
  const value = await option.getAttribute("value");
  return value!.replace(/^enum:/, "");
}

test.describe("JSON declaration", () => {
  // The worker's server shows the declaration to this user only (the other tests' users are not flagged).
  const flagged = flaggedEmail("declaration");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("a flagged user edits the declaration as JSON; a broken rule is reported with its path", async ({ page }) => {
    await signUpWithWorkspace(page, platform, flagged, "Flagged Co");
    const apiId = await createProject(page, "Declared");
    await page.goto(`${platform.url}/api/${apiId}/json-declaration`);
    await expect(page.getByTestId("json-editor-content")).toContainText('"name": "Table1"');

    const declaration = recipeDeclaration();
    declaration.objectTypes[0].name = "Query";
    await replaceText(page, JSON.stringify(declaration));
    await page.getByTestId("declaration-save").click();
    await expect(page.getByTestId("declaration-problem")).toContainText("This name is reserved.");
    await expect(page.getByTestId("declaration-problem-path")).toHaveText("objectTypes[0].name");

    declaration.objectTypes[0].name = "Recipe";
    await replaceText(page, JSON.stringify(declaration));
    await page.getByTestId("declaration-save").click();
    await expect(page.getByTestId("declaration-problem")).toHaveCount(0);
    await expect(page.getByTestId("declaration-save")).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId("json-editor-content")).toContainText('"name": "Recipe"');
    await page.getByTestId("nav-types").click();
    await expect(typeName(page)).toHaveValue("Recipe");
  });
});

async function replaceText(page: Page, text: string) {
  await page.getByTestId("json-editor-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

/** A whole declaration typed by hand: one table with its three read-only fields and a title. */
function recipeDeclaration() {
  const field = (id: string, name: string, type: string, readonly: boolean, directives: { name: string }[] = []) => ({
    id, name, type, readonly, directives,
  });
  return {
    objectTypes: [
      {
        id: "rcp001",
        name: "Recipe",
        connectorFieldName: "id",
        fields: [
          field("rcpf01", "id", "ID", true),
          field("rcpf02", "createdAt", "String", true),
          field("rcpf03", "updatedAt", "String", true, [{ name: "sortBy" }]),
          field("rcpf04", "title", "String", false),
        ],
        resolvers: [],
        directives: [],
        targets: [],
        parents: {},
      },
    ],
    enumTypes: [],
  };
}

test("the fields table fits 1280 px without scrolling, one line per field with one required control", async ({ page, platform }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpWithWorkspace(page, platform, uniqueEmail("model-width"), "Width Co");
  const apiId = await createProject(page, "Wide");
  await openModel(page, platform, apiId);
  await typeName(page).fill("Dog");
  await addField(page, "name");
  await addField(page, "birthDate", "Date");
  await fieldRow(page, "name").getByTestId("field-label").fill("The dog's name as its owner calls it");

  // One control says when the field is required; all three operations collapse to 'Always'.
  const required = fieldRow(page, "name").getByTestId("field-required");
  await required.selectOption({ label: "On create" });
  await expect(required).toHaveValue("create");
  await required.selectOption({ label: "Always" });
  await expect(required).toHaveValue("always");

  const scroll = page.locator(".model-table-scroll");
  const overflow = await scroll.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Label and the remove action are on screen, not cut off.
  for (const testId of ["field-label", "remove-field"]) {
    const box = (await fieldRow(page, "name").getByTestId(testId).boundingBox())!;
    expect(box.x + box.width, testId).toBeLessThanOrEqual(1280);
  }
  for (const name of ["id", "name", "birthDate"]) {
    const row = (await fieldRow(page, name).boundingBox())!;
    expect(row.height, name).toBeLessThanOrEqual(56);
  }
  // The usage and the limits read as two sentences.
  await expect(page.getByTestId("model-limits")).toContainText("enums. Limits:");
});
