// @vitest-environment node
import { randomBytes } from "node:crypto";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField } from "../../../src/domain/model";
import { libraryModel, liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * Files an outside security review used against the CSV import: characters the database
 * cannot store, a value beyond what it can index, a quote never closed and a header longer
 * than the server reads. Each ends in a clear reason, never in a job that retries and fails.
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
const failedRows = async (importId: string) => {
  const failed = await csv.download(`imports/${importId}/failed.csv`, asKey());
  return Papa.parse<string[]>(failed.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
};
/** How often the job runner started the import's job: once, unless it failed and was retried. */
const attemptsOf = (importId: string) =>
  p.t.platform.db
    .selectFrom("jobs")
    .select(["attempts", "last_error"])
    .where("kind", "=", "csv-import")
    .where((eb) => eb(eb.ref("payload", "->>").key("importId" as never), "=", importId))
    .executeTakeFirstOrThrow();

describe("values the database cannot store fail their row, not the import", () => {
  it("a NUL in row 5,000 of 10,000 (beyond the bytes checked at upload): 9,999 written, that row failed with its reason, no retry", async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => (index === 4999 ? `Bad\u0000name,5` : `Reader ${index},${index % 100}`));
    const started = await csv.upload(`name,age\r\n${rows.join("\r\n")}\r\n`, { table: "Author", auth: asKey() });
    expect(started.status).toBe(201);
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ status: "DONE", rowsDone: 9999, rowsFailed: 1, error: null });
    expect(done.firstFailure).toMatchObject({ line: 5001, messageId: "error_csv_value_unstorable", field: "name" });
    expect(await attemptsOf(started.import.id)).toMatchObject({ attempts: 1, last_error: null });
    const [header, ...failed] = await failedRows(started.import.id);
    expect(header).toEqual(["line", "name", "age", "error"]);
    expect(failed).toEqual([["5001", "Bad\uFFFDname", "5", "name holds a character that cannot be stored (a NUL character or half of a character pair)."]]);
  }, 120_000);

  it("a NUL or half a character pair spelled as a JSON escape in a Json or list cell fails that row", async () => {
    const file = ["name,meta,tags", `Fine,"{""a"":1}",`, `Nul,"{""a"":""\\u0000""}",`, `Half,,"[""\\ud800""]"`, `Also fine,,"[""ok""]"`].join("\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ status: "DONE", rowsDone: 2, rowsFailed: 2 });
    const failed = await failedRows(started.import.id);
    expect(failed.slice(1).map((row) => [row[0], row[row.length - 1]])).toEqual([
      ["3", "meta holds a character that cannot be stored (a NUL character or half of a character pair)."],
      ["4", "tags holds a character that cannot be stored (a NUL character or half of a character pair)."],
    ]);
    expect(await attemptsOf(started.import.id)).toMatchObject({ attempts: 1 });
  }, 60_000);

  it("a row the database refuses for its data (a unique value too large to index) fails alone with a reason; the batch is not retried", async () => {
    const huge = randomBytes(12_000).toString("hex");
    const file = ["name,code", "Before,b-1", `Huge,${huge}`, "After,a-1"].join("\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ status: "DONE", rowsDone: 2, rowsFailed: 1, error: null });
    expect(done.firstFailure).toMatchObject({ line: 3, messageId: "error_csv_row_refused" });
    expect(await attemptsOf(started.import.id)).toMatchObject({ attempts: 1, last_error: null });
    const written = await p.call(`{ listAuthor(filter: { or: [{ code: { eq: "b-1" } }, { code: { eq: "a-1" } }] }) { items { name } } }`);
    expect(written.data.listAuthor.items.map((author: { name: string }) => author.name).sort()).toEqual(["After", "Before"]);
  }, 60_000);
});

describe("quotes and headers the import cannot read whole are reported", () => {
  it("a quote never closed fails its row with the line it opened on, instead of merging the rest of the file into one cell", async () => {
    const file = ["age,name", "1,Opened", `2,"Unclosed`, "3,Swallowed", "4,Also swallowed"].join("\r\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ status: "DONE", rowsDone: 1, rowsFailed: 1 });
    expect(done.firstFailure).toMatchObject({ line: 3, messageId: "error_csv_quote_unclosed", values: { fileLine: 3 } });
    const failed = await failedRows(started.import.id);
    expect(failed[1][failed[1].length - 1]).toBe(
      "The quote opened in this row (line 3 of the file) is never closed, so the rest of the file was read into this row. Close the quote and import the rows from here again.",
    );
  }, 60_000);

  it("counts the lines of the file, not the rows, when quoted cells hold line breaks before it", async () => {
    const file = ["age,name", `1,"Two\nlines"`, `2,"Open`, "3,x"].join("\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    const done = await csv.finished(started.import.id, asKey());
    expect(done.firstFailure).toMatchObject({ line: 3, messageId: "error_csv_quote_unclosed", values: { fileLine: 4 } });
  }, 60_000);

  it("a header line longer than 64 KB is refused at upload, not cut short", async () => {
    const header = ["name", "age", ...Array.from({ length: 12_000 }, (_, index) => `column${index}`)];
    const row = ["Wide", "1", ...header.slice(2).map(() => "")];
    const answer = await csv.upload(`${header.join(",")}\r\n${row.join(",")}\r\n`, { table: "Author", auth: asKey() });
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].extensions).toMatchObject({ messageId: "error_csv_header_too_long", maxKb: 64 });
    expect(answer.errors?.[0].message).toBe("The header line is longer than 64 KB.");
  });

  it("a quote never closed in the header is refused at upload", async () => {
    const answer = await csv.upload(`name,"age\r\nA,1\r\n`, { table: "Author", auth: asKey() });
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].extensions).toMatchObject({ messageId: "error_csv_header_quote_unclosed" });
  });
});
