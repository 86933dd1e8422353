// @vitest-environment node
import { randomBytes } from "node:crypto";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField } from "../../../src/domain/model";
import { libraryModel, liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * The failed-rows file an import offers for download: a header naming the line and error
 * columns around the file's own, and every row with exactly as many cells as that header,
 * whether the row failed when it was read, when its values were checked, or when it was stored.
 */
let p: LiveProject;
let csv: ReturnType<typeof csvClient>;
beforeAll(async () => {
  const model = libraryModel();
  const author = model.objectTypes.find((type) => type.name === "Author")!;
  p = await liveProject(addField(model, author.id, { name: "code", type: "String", directives: [{ name: "unique" as never }] }).model);
  csv = csvClient(p.t.url, p.apiId);
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const asKey = () => ({ apiKey: p.apiKey });

async function importFailures(table: string, file: string, locale = "en") {
  const started = await csv.upload(file, { table, auth: asKey() });
  expect(started.status).toBe(201);
  await csv.finished(started.import.id, asKey());
  const failed = await csv.download(`imports/${started.import.id}/failed.csv?locale=${locale}`, asKey());
  return Papa.parse<string[]>(failed.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
}

describe("the failed-rows file", () => {
  it("has the header's number of cells in every row and a named error column, for rows failing at reading, checking and storing", async () => {
    const file = [
      "name,age,code",
      "Fine,1,f-1",
      // Read: a trailing separator (one cell too many), an unquoted comma (two), a short row.
      "Trailing,2,t-1,",
      "Smith, John,3,s-1,",
      "Short,4",
      // Checked: not a whole number; a required name missing.
      "Bad age,abc,b-1",
      ",5,n-1",
      // Stored: a unique value too large for the database to index.
      `Huge,6,${randomBytes(12_000).toString("hex")}`,
      // Read: a quote never closed, which takes the rest of the file.
      `"Open,7,o-1`,
      "Swallowed,8,w-1",
    ].join("\r\n");
    const [header, ...rows] = await importFailures("Author", file);
    expect(header).toEqual(["line", "name", "age", "code", "error"]);
    expect(rows.map((row) => row[0])).toEqual(["3", "4", "5", "6", "7", "8", "9"]);
    for (const row of rows) expect(row, `line ${row[0]}`).toHaveLength(header.length);

    const byLine = new Map(rows.map((row) => [row[0], row]));
    expect(byLine.get("3")).toEqual(["3", "Trailing", "2", "t-1", "This row has 4 cells, but the header has 3 columns. Cells beyond the header: "]);
    expect(byLine.get("4")).toEqual(["4", "Smith", " John", "3", "This row has 5 cells, but the header has 3 columns. Cells beyond the header: s-1, "]);
    expect(byLine.get("5")).toEqual(["5", "Short", "4", "", "This row has 2 cells, but the header has 3 columns."]);
    expect(byLine.get("6")![4]).toMatch(/^age must be a whole number/);
    expect(byLine.get("7")![4]).toBe("name is required.");
    expect(byLine.get("8")!.slice(1, 3)).toEqual(["Huge", "6"]);
    expect(byLine.get("8")![4]).not.toBe("");
    expect(byLine.get("9")![4]).toMatch(/^The quote opened in this row/);
  }, 60_000);

  it("keeps a child's row whose parent id names no entry to the header's width too, in German", async () => {
    const [header, ...rows] = await importFailures("Book", ["title,pages,authorId", "Lost,10,no-such-author", "Extra,11,,x"].join("\n"), "de");
    expect(header).toEqual(["line", "title", "pages", "authorId", "error"]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row, `line ${row[0]}`).toHaveLength(header.length);
    expect(rows[1][4]).toMatch(/Zellen über die Kopfzeile hinaus: x$/);
  }, 60_000);
});
