import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import Papa from "papaparse";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * 'import a CSV with good rows, bad rows and an unknown column opted in, download the
 * failed rows; export and re-import round trip' — through the data explorer's toolbar, on a
 * project published as publish.spec.ts does.
 */
test.describe("CSV import and export", () => {
  const flagged = flaggedEmail("csv");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("imports good and bad rows with a new column, offers the failed rows, exports and imports the export again", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpWithWorkspace(page, platform, flagged, "CSV Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);

    await page.goto(`${platform.url}/api/${apiId}/data#Item1`);
    // A second console on the table: it did not start the imports, yet their rows appear in it
    // ('rows that other people create … appear within a second').
    const watcher = await page.context().newPage();
    await watcher.goto(`${platform.url}/api/${apiId}/data#Item1`);
    await expect(watcher.getByTestId("grid-empty")).toBeVisible();
    await page.getByTestId("toolbar-import").click();
    const dialog = page.getByTestId("csv-import-dialog");
    await expect(dialog.getByRole("heading")).toHaveText("Import CSV into Item1");

    // Spec §5 'Only .csv files are accepted.'
    await dialog.getByTestId("csv-file").setInputFiles({ name: "items.txt", mimeType: "text/plain", buffer: Buffer.from("title\nLamp\n") });
    await expect(dialog.getByTestId("csv-error")).toHaveText("Invalid file format.");
    await expect(dialog.getByTestId("csv-submit")).toBeDisabled();

    const file = 'title,price,colour,id\r\nLamp,19.5,red,x1\r\n"Chair, ""oak""",5,brown,x2\r\nBroken,cheap,blue,x3\r\n';
    await dialog.getByTestId("csv-file").setInputFiles({ name: "items.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await expect(dialog.getByTestId("csv-preview").getByRole("row")).toHaveCount(4);
    await expect(dialog.getByTestId("csv-mapping-title")).toHaveText("→ title");
    await expect(dialog.getByTestId("csv-mapping-id")).toHaveText("Read-only: not imported");
    await dialog.getByLabel("Create as text field").check();
    await dialog.getByTestId("csv-submit").click();

    await expect(dialog.getByTestId("csv-status")).toHaveText("Import finished.", { timeout: 30_000 });
    await expect(dialog.getByTestId("csv-counts")).toContainText("2 rows imported, 1 failed");
    await expect(dialog.getByTestId("csv-first-failure")).toHaveText("First error, line 4: price must be a number.");
    const failed = await downloaded(page, () => dialog.getByTestId("csv-download-failed").click());
    expect(failed.trim().split("\r\n")).toEqual(["line,title,price,colour,id,error", "4,Broken,cheap,blue,x3,price must be a number."]);

    await dialog.getByTestId("csv-close").click();
    await expect(page.getByTestId("csv-toolbar-status")).toHaveText("Last import: 2 rows imported, 1 failed");
    const watched = watcher.getByTestId("grid-row");
    await expect(watched).toHaveCount(2);
    await expect(watcher.getByTestId("data-grid")).toContainText('Chair, "oak"');
    // The watcher's selection outlives the next import's reload.
    await watched.filter({ hasText: "Lamp" }).getByRole("checkbox").check();
    const lampLabel = (await watched.filter({ hasText: "Lamp" }).getByRole("checkbox").getAttribute("aria-label"))!;
    const lamp = watcher.getByRole("checkbox", { name: lampLabel, exact: true });
    const exported = await downloaded(page, () => page.getByTestId("toolbar-export").click());
    expect(exported.split("\r\n")[0]).toBe("id,title,price,colour,createdAt,updatedAt");
    expect(exported).toContain(',"Chair, ""oak""",5,brown,');
    const [, ...rows] = Papa.parse<string[]>(exported, { skipEmptyLines: true }).data;
    expect(rows.map((row) => row.slice(1, 4))).toEqual(expect.arrayContaining([["Lamp", "19.5", "red"], ['Chair, "oak"', "5", "brown"]]));

    // The export goes back in: id, createdAt and updatedAt are skipped, so the rows are added again.
    await page.getByTestId("toolbar-import").click();
    await dialog.getByTestId("csv-another").click();
    await dialog.getByTestId("csv-file").setInputFiles({ name: "Item1.csv", mimeType: "text/csv", buffer: Buffer.from(exported) });
    await expect(dialog.getByTestId("csv-mapping-colour")).toHaveText("→ colour");
    await dialog.getByTestId("csv-submit").click();
    await expect(dialog.getByTestId("csv-counts")).toContainText("2 rows imported, 0 failed", { timeout: 30_000 });
    await dialog.getByTestId("csv-close").click();
    await expect(watched).toHaveCount(4);
    await expect(lamp).toBeChecked();
    await watcher.close();
    const again = await downloaded(page, () => page.getByTestId("toolbar-export").click());
    expect(Papa.parse(again, { skipEmptyLines: true }).data).toHaveLength(5);
  });
});

/** The text of the file a click downloads, without its byte order mark. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download") as Promise<Download>, click()]);
  return (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
}
