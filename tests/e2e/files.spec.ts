import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signIn, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { consoleToken } from "./consoleApi";

/**
 * Spec §2 'Files: a file explorer with drag/drop upload, delete and load more', through the
 * console against a real server: the hint before publishing, then upload, list, download and
 * delete on a published project.
 */
test.describe("Files screen", () => {
  // The second test works on the project the first one published.
  test.describe.configure({ mode: "serial" });
  // The JSON declaration screen (to save a publishable model quickly) is behind a feature flag.
  const owner = flaggedEmail("files");
  /** The project the first test publishes; the cloud functions test uses it too. */
  let publishedApiId = "";
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    // At 127.0.0.1, not the default localhost: sign-up and uploads must work at every loopback address.
    platform = workerPlatform.at("127.0.0.1");
  });

  test("uploads a private and a public file, lists them, downloads one and deletes it after confirmation", async ({ page, playwright }) => {
    test.setTimeout(180_000);
    await signUpWithWorkspace(page, platform, owner, "Files Co");
    const apiId = await createProject(page, "Gallery");
    publishedApiId = apiId;
    await page.goto(`${platform.url}/api/${apiId}/assets`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Files");
    await expect(page.getByTestId("publish-hint")).toHaveText("Please publish project before editing data.");

    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);

    await page.goto(`${platform.url}/api/${apiId}/assets`);
    await expect(page.getByTestId("files-empty")).toHaveText("No files yet.");
    // Spec §3 'Access control: PRIVATE, PUBLIC': private unless the user chooses Public.
    await expect(page.getByRole("radio", { name: "Private: members and callers of the project" })).toBeChecked();
    await page.getByTestId("files-input").setInputFiles([{ name: "menu card.txt", mimeType: "text/plain", buffer: Buffer.from("Soup and bread") }]);
    const rows = page.getByTestId("file-row");
    await expect(rows).toHaveCount(1);
    await page.getByRole("radio", { name: "Public: anyone with the link" }).check();
    await page.getByTestId("files-input").setInputFiles([{ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }]);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "menu card.txt" })).toContainText("text/plain");
    await expect(rows.filter({ hasText: "menu card.txt" }).getByTestId("file-access")).toHaveText("Private");
    await expect(rows.filter({ hasText: "logo.svg" })).toContainText("image/svg+xml");
    await expect(rows.filter({ hasText: "logo.svg" }).getByTestId("file-access")).toHaveText("Public");
    // Without credentials: the public file opens at its url, the private one not at its bare url.
    const publicUrl = (await rows.filter({ hasText: "logo.svg" }).getByTestId("file-link").getAttribute("href"))!;
    const privateUrl = (await rows.filter({ hasText: "menu card.txt" }).getByTestId("file-link").getAttribute("href"))!;
    expect(privateUrl).toContain("?access=");
    const anonymous = await playwright.request.newContext();
    try {
      expect((await anonymous.get(publicUrl)).status()).toBe(200);
      expect((await anonymous.get(privateUrl.split("?")[0])).status()).toBe(404);
    } finally {
      await anonymous.dispose();
    }

    const [download] = await Promise.all([page.waitForEvent("download"), rows.filter({ hasText: "menu card.txt" }).getByTestId("file-link").click()]);
    expect(await readFile((await download.path())!, "utf8")).toBe("Soup and bread");

    // The list comes from the server: a reload shows the same files, on a 390 px phone too.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("files-upload")).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Headings and buttons keep their words whole on a phone (no "Nam e", "Del ete"): each is one line.
    const linesOf = await page.getByTestId("files-table").evaluate((table) =>
      [...table.querySelectorAll("th, .btn")].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        // Inline pieces of one line (an icon, a badge) may sit a few pixels apart: a new line is a font size lower.
        const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b);
        return 1 + tops.filter((top, index) => index > 0 && top - tops[index - 1] > 10).length;
      }),
    );
    expect(linesOf.filter((lines) => lines > 1)).toEqual([]);
    await rows.filter({ hasText: "logo.svg" }).getByRole("button", { name: "Delete logo.svg" }).click();
    const dialog = page.getByTestId("file-delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: "logo.svg" }).getByRole("button", { name: "Delete logo.svg" }).click();
    await dialog.getByTestId("confirm").click();
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("menu card.txt");
  });

  test("uploads a cloud function as the project's owner, lists it with its runtime, exports its code, calls its URL, sees its log and deletes it", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, platform, owner);
    await expect(page).not.toHaveURL(/\/login/);
    const apiId = publishedApiId;
    await page.goto(`${platform.url}/api/${apiId}/cloud-functions`);
    await expect(page.getByTestId("functions-empty")).toHaveText("No cloud functions yet.");
    await page.getByTestId("functions-upload").click();
    const dialog = page.getByTestId("function-upload-dialog");
    // Spec §2 'The upload dialog accepts js, mjs, cjs, py and rb files'.
    await dialog.getByTestId("function-file").setInputFiles({ name: "run.sh", mimeType: "text/x-sh", buffer: Buffer.from("echo") });
    await expect(dialog.getByTestId("function-error")).toHaveText("Invalid file format.");
    await dialog.getByTestId("function-file").setInputFiles({ name: "hello.mjs", mimeType: "text/javascript", buffer: Buffer.from("export const handler = () => 1;") });
    await dialog.getByTestId("function-upload-submit").click();
    await expect(dialog).toBeHidden();
    const rows = page.getByTestId("function-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("nodejs18.x");
    await page.reload();
    await expect(rows).toHaveCount(1);
    await rows.getByRole("checkbox", { name: "Select hello.mjs" }).check();
    // Spec §2 'a toolbar with upload, delete and export': the code comes back as its ZIP.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("functions-export").click()]);
    expect(download.suggestedFilename()).toBe("hello.mjs.zip");
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    expect(await zip.file("hello.mjs")!.async("string")).toBe("export const handler = () => 1;");

    // The function runs at its URL, called as a customer's app would with the project API's
    // credentials (here the owner's console token), and its invocation is logged under it.
    await page.getByTestId("functions-upload").click();
    await dialog.getByTestId("function-file").setInputFiles({
      name: "double.js",
      mimeType: "text/javascript",
      buffer: Buffer.from("exports.handler = (event) => { console.log('doubling', event.n); return { doubled: event.n * 2 }; };"),
    });
    await dialog.getByTestId("function-upload-submit").click();
    await expect(dialog).toBeHidden();
    const doubleRow = rows.filter({ hasText: "double.js" });
    await doubleRow.getByTestId("function-logs-toggle").click();
    const logs = page.getByTestId("function-logs");
    await expect(logs.getByTestId("function-logs-empty")).toBeVisible();
    const functionUrl = (await logs.getByTestId("function-url").textContent())!;
    expect(functionUrl).toBe(`${platform.url}/p/${apiId}/functions/double.js`);
    const called = await fetch(functionUrl, { method: "POST", headers: { "content-type": "application/json", authorization: await consoleToken(platform, owner) }, body: JSON.stringify({ n: 21 }) });
    expect(called.status).toBe(200);
    expect(await called.json()).toEqual({ doubled: 42 });
    await logs.getByTestId("function-logs-refresh").click();
    const logRow = logs.getByTestId("function-log-row");
    await expect(logRow).toHaveCount(1);
    await expect(logRow).toContainText("Function URL");
    await expect(logRow).toContainText("OK");
    await logRow.getByText("stdout / stderr").click();
    await expect(logRow.getByTestId("function-log-stdout")).toHaveText("doubling 21");
    await doubleRow.getByRole("checkbox", { name: "Select double.js" }).check();

    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByTestId("functions-delete")).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("functions-delete").click();
    await page.getByTestId("functions-delete-dialog").getByTestId("confirm").click();
    await expect(page.getByTestId("functions-empty")).toBeVisible();
  });
});
