// @vitest-environment node
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/** Spec §5 'CSV export quotes cells containing a quote, comma or newline.'; issue 11: all matching rows, the list's filter and sort. */
let p: LiveProject;
let csv: ReturnType<typeof csvClient>;
beforeAll(async () => {
  p = await liveProject();
  csv = csvClient(p.t.url, p.apiId);
  const rows = Array.from({ length: 2500 }, (_, index) => `Author ${index},${index % 50},"[""t${index % 3}""]"`);
  const seeded = await csv.upload(`name,age,tags\r\n${rows.join("\r\n")}\r\n`, { table: "Author", auth: { apiKey: p.apiKey } });
  await csv.finished(seeded.import.id, { apiKey: p.apiKey });
}, 120_000);
afterAll(async () => {
  await p?.t.close();
});

const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("exporting a table as CSV", () => {
  it("writes every row beyond one page, field names as headers", async () => {
    const exported = await csv.download("export.csv?table=Author", { apiKey: p.apiKey });
    expect(exported.status).toBe(200);
    expect(exported.type).toMatch(/^text\/csv/);
    const [header, ...rows] = parse(exported.text);
    expect(header).toEqual(["id", "name", "email", "age", "rating", "active", "tags", "meta", "born", "seen", "wakes", "stamp", "ip", "phone", "site", "ref", "status", "createdAt", "updatedAt"]);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row[0])).size).toBe(2500);
  });

  it("quotes cells with a quote, comma or newline, and the file imports again to the same values", async () => {
    const tricky = 'Quote " comma, and\nnewline';
    await p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id } }`, { input: { name: tricky, age: 999, meta: '{"k":[1,2]}', active: false } });
    const exported = await csv.download(`export.csv?table=Author&filter=${encodeURIComponent(JSON.stringify({ age: { eq: 999 } }))}`, { apiKey: p.apiKey });
    expect(exported.text).toContain('"Quote "" comma, and\nnewline"');
    const [header, row] = parse(exported.text);
    expect(row[header.indexOf("name")]).toBe(tricky);

    const again = await csv.upload(exported.text, { table: "Author", auth: { apiKey: p.apiKey } });
    expect(await csv.finished(again.import.id, { apiKey: p.apiKey })).toMatchObject({ status: "DONE", rowsDone: 1, rowsFailed: 0 });
    const copies = await p.call(`{ listAuthor(filter: { age: { eq: 999 } }) { items { name meta active } } }`);
    expect(copies.data.listAuthor.items).toEqual([
      { name: tricky, meta: '{"k":[1,2]}', active: false },
      { name: tricky, meta: '{"k":[1,2]}', active: false },
    ]);
  });

  it("applies the filter (conditions combined with and) and the sort", async () => {
    const filter = { age: { ge: 10, lt: 12 }, name: { beginsWith: "Author 1" } };
    const exported = await csv.download(`export.csv?table=Author&sort=age:ASC&filter=${encodeURIComponent(JSON.stringify(filter))}`, { apiKey: p.apiKey });
    const [header, ...rows] = parse(exported.text);
    const ages = rows.map((row) => Number(row[header.indexOf("age")]));
    expect(ages.every((age) => age === 10 || age === 11)).toBe(true);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(rows.every((row) => row[header.indexOf("name")].startsWith("Author 1"))).toBe(true);
    // Age is the index mod 50: authors 10 and 11, 110, 111, 160 and 161, then two in each fifty of 1000–1999.
    expect(rows.length).toBe(2 + 4 + 2 * 20);
  });

  it("refuses a broken filter, an unknown field or sort, and an unknown table with 400/404, and a reader without rights", async () => {
    for (const query of ["filter=%7Bbroken", `filter=${encodeURIComponent('{"nope":{"eq":1}}')}`, `filter=${encodeURIComponent('{"age":{"drop":1}}')}`]) {
      const refused = await csv.download(`export.csv?table=Author&${query}`, { apiKey: p.apiKey });
      expect(refused.status, query).toBe(400);
      expect(JSON.parse(refused.text).errors[0].extensions.messageId).toBe("error_csv_filter_invalid");
    }
    const badSort = await csv.download("export.csv?table=Author&sort=meta:ASC", { apiKey: p.apiKey });
    expect(JSON.parse(badSort.text).errors[0].extensions.messageId).toBe("error_csv_sort_invalid");
    expect((await csv.download("export.csv?table=Nope", { apiKey: p.apiKey })).status).toBe(404);
    expect((await csv.download("export.csv?table=Author", {})).status).toBe(401);
  });

  it("writes text a spreadsheet would run as a formula with a leading ' and quoted (OWASP); numbers, negative ones too, stay numbers", async () => {
    const formulas = ['=HYPERLINK("http://evil.example","click")', "+1+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\tTAB=1+1", "\rCR=1+1", "=1+1\nsecond line"];
    for (const [index, name] of formulas.entries()) {
      const created = await p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id } }`, { input: { name, age: -5, rating: -1.5, ref: index === 0 ? "-dash" : null } });
      expect(created.errors).toBeUndefined();
    }
    const exported = await csv.download(`export.csv?table=Author&filter=${encodeURIComponent(JSON.stringify({ age: { eq: -5 } }))}`, { apiKey: p.apiKey });
    const [header, ...rows] = parse(exported.text);
    const names = rows.map((row) => row[header.indexOf("name")]);
    expect(names.sort()).toEqual(formulas.map((name) => `'${name}`).sort());
    // Kept quoted in the file, so no reader takes the cell apart.
    expect(exported.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(exported.text).toContain(`"'+1+cmd|' /C calc'!A0"`);
    expect(rows.every((row) => row[header.indexOf("age")] === "-5" && row[header.indexOf("rating")] === "-1.5")).toBe(true);
    expect(rows.map((row) => row[header.indexOf("ref")]).filter(Boolean)).toEqual(["'-dash"]);

    // The import keeps the quote: it is part of the cell the user has, and nothing else is undone.
    const again = await csv.upload(exported.text, { table: "Author", auth: { apiKey: p.apiKey } });
    expect(await csv.finished(again.import.id, { apiKey: p.apiKey })).toMatchObject({ status: "DONE", rowsDone: formulas.length, rowsFailed: 0 });
    const copies = await p.call(`{ listAuthor(filter: { name: { beginsWith: "'" } }, limit: 100) { items { name age } } }`);
    expect(copies.data.listAuthor.items.map((author: { name: string }) => author.name).sort()).toEqual(formulas.map((name) => `'${name}`).sort());
  });

  it("neutralises formulas in the failed-rows file too, while a refused negative number stays as it was", async () => {
    const started = await csv.upload(`name,age\r\n=1+1,not a number\r\n@x,-5.5\r\n`, { table: "Author", auth: { apiKey: p.apiKey } });
    expect(await csv.finished(started.import.id, { apiKey: p.apiKey })).toMatchObject({ rowsFailed: 2 });
    const failed = await csv.download(`imports/${started.import.id}/failed.csv`, { apiKey: p.apiKey });
    const [, ...rows] = parse(failed.text);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ["2", "'=1+1", "not a number"],
      ["3", "'@x", "-5.5"],
    ]);
  });
});
