// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import { uniqueEmail } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * Spec §5 'CSV import': '.csv only', 'comma (default) or semicolon', 'The first row is the
 * header', 'Entries are kept only when the column count matches', 'Quoted cells with doubled
 * quotes are handled', 'Forbidden columns are the read-only and blacklisted keys' — run as a
 * server job whose refused rows are kept with their reason.
 */
let p: LiveProject;
let csv: ReturnType<typeof csvClient>;
beforeAll(async () => {
  p = await liveProject();
  csv = csvClient(p.t.url, p.apiId);
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const asKey = () => ({ apiKey: p.apiKey });
const authors = async (filter: Record<string, unknown> = {}) =>
  (await p.call(`query ($filter: AuthorFilterInput) { listAuthor(filter: $filter, limit: 1000) { items { id name email age active tags born status meta } } }`, { filter })).data.listAuthor.items as any[];

describe("importing a CSV file into a table", () => {
  it("writes the good rows, keeps every refused row with its reason, and handles quoted cells", async () => {
    const file = [
      "name,email,age,active,tags,born,status,meta",
      `Ada,ada@example.com,36,true,"[""math"",""poetry""]",1815-12-10,ACTIVE,"{""a"":1}"`,
      `"Smith, ""John""\nthe second",john@example.com,,false,,,,`,
      `,nobody@example.com,1,,,,,`,
      `Bob,bob@example.com,abc,,,,,`,
      `Eve,not-an-email,3,,,,,`,
      `Zed,zed@example.com,4,,,,GONE,`,
      `Twin,ada@example.com,5,,,,,`,
      `Too,few`,
      "",
      `Last,last@example.com,7,,,2024-02-30,,`,
    ].join("\r\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    expect(started.status).toBe(201);
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ status: "DONE", rowsDone: 2, rowsFailed: 7 });
    expect(done.firstFailure).toMatchObject({ line: 4, messageId: "error_value_required", field: "name" });

    const written = await authors({ email: { contains: "example.com" } });
    const ada = written.find((author) => author.name === "Ada");
    expect(ada).toMatchObject({ email: "ada@example.com", age: 36, active: true, tags: ["math", "poetry"], born: "1815-12-10", status: "ACTIVE", meta: '{"a":1}' });
    expect(written.find((author) => author.email === "john@example.com")).toMatchObject({ name: 'Smith, "John"\nthe second', active: false, age: null });

    const failed = await csv.download(`imports/${started.import.id}/failed.csv`, asKey());
    expect(failed.status).toBe(200);
    expect(failed.type).toMatch(/^text\/csv/);
    const lines = failed.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("line,name,email,age,active,tags,born,status,meta,error");
    expect(lines.slice(1)).toEqual([
      "4,,nobody@example.com,1,,,,,,name is required.",
      "5,Bob,bob@example.com,abc,,,,,,age must be a whole number above -2147483648 and at most 2147483647.",
      "6,Eve,not-an-email,3,,,,,,email must be an email address.",
      "7,Zed,zed@example.com,4,,,,GONE,,\"status must be one of: ACTIVE, RETIRED.\"",
      "8,Twin,ada@example.com,5,,,,,,email must be unique: another entry has this value.",
      "9,Too,few,,,,,,,\"This row has 2 cells, but the header has 8 columns.\"",
      "10,Last,last@example.com,7,,,2024-02-30,,,born must be a date such as 2024-05-01.",
    ]);
    const german = await csv.download(`imports/${started.import.id}/failed.csv?locale=de`, asKey());
    expect(german.text).toContain("4,,nobody@example.com,1,,,,,,name ist ein Pflichtfeld.");
  });

  it("reads semicolon-separated files and Windows-1252 text as Excel writes it", async () => {
    const semicolon = await csv.upload("name;age;tags\r\nSemi, colon;41;\r\n", { table: "Author", auth: asKey() });
    expect(await csv.finished(semicolon.import.id, asKey())).toMatchObject({ status: "DONE", rowsDone: 1, rowsFailed: 0 });
    expect((await authors({ name: { eq: "Semi, colon" } }))[0]).toMatchObject({ age: 41 });

    const latin1 = Buffer.from("name;age\r\nMüller Straße;9\r\n", "latin1");
    const started = await csv.upload(latin1, { table: "Author", auth: asKey() });
    expect(await csv.finished(started.import.id, asKey())).toMatchObject({ status: "DONE", rowsDone: 1 });
    expect(await authors({ name: { eq: "Müller Straße" } })).toHaveLength(1);
  });

  it("reads numbers as machine text whatever the console's language: '.' decimal; a comma or hexadecimal is refused, never scaled", async () => {
    const file = ["name,age,rating", "Dot,1,12.5", "Comma,2,\"12,5\"", "Grouped,\"1,234\",1", "Hex,0x10,1"].join("\r\n");
    const started = await csv.upload(file, { table: "Author", auth: asKey() });
    expect(await csv.finished(started.import.id, asKey())).toMatchObject({ status: "DONE", rowsDone: 1, rowsFailed: 3 });
    const read = async (name: string) => (await p.call(`query ($filter: AuthorFilterInput) { listAuthor(filter: $filter) { items { age rating } } }`, { filter: { name: { eq: name } } })).data.listAuthor.items;
    expect(await read("Dot")).toEqual([{ age: 1, rating: 12.5 }]);
    for (const name of ["Comma", "Grouped", "Hex"]) expect(await read(name), name).toEqual([]);
  });

  it("skips id, createdAt and updatedAt columns and refuses opting in forbidden columns, changing nothing", async () => {
    const skipped = await csv.upload("id,name,createdAt\r\nchosen,Skipper,yesterday\r\n", { table: "Author", auth: asKey() });
    expect(await csv.finished(skipped.import.id, asKey())).toMatchObject({ status: "DONE", rowsDone: 1 });
    const [skipper] = await authors({ name: { eq: "Skipper" } });
    expect(skipper.id).not.toBe("chosen");

    const before = (await authors()).length;
    const imports = async () => (await p.t.platform.db.selectFrom("project_imports").select("id").where("api_id", "=", p.apiId).execute()).length;
    const importsBefore = await imports();
    for (const column of ["createdAt", "data", "pk"]) {
      const refused = await csv.upload(`name,${column}\r\nForbidden,1\r\n`, { table: "Author", optIn: [column], auth: { token: p.owner.token } });
      expect(refused.status, column).toBe(400);
      expect(refused.errors?.[0].extensions).toMatchObject({ messageId: "form_feedback_reserved_field_name", column });
    }
    const invalid = await csv.upload(`name,2nd\r\nForbidden,1\r\n`, { table: "Author", optIn: ["2nd"], auth: { token: p.owner.token } });
    expect(invalid.errors?.[0].extensions).toMatchObject({ messageId: "error_csv_column_name", column: "2nd" });
    expect((await authors()).length).toBe(before);
    expect(await imports()).toBe(importsBefore);
  });

  it("refuses what is not a CSV file with 'Invalid file format.'", async () => {
    const named = await csv.upload("name\r\nX\r\n", { table: "Author", fileName: "data.txt", auth: asKey() });
    expect(named.status).toBe(400);
    expect(named.errors?.[0]).toMatchObject({ message: "Invalid file format.", extensions: { messageId: "form_dropzone.invalid_format" } });
    const binary = await csv.upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 1, 2]), { table: "Author", fileName: "zip.csv", auth: asKey() });
    expect(binary.errors?.[0].extensions.messageId).toBe("form_dropzone.invalid_format");
    const empty = await csv.upload("", { table: "Author", auth: asKey() });
    expect(empty.errors?.[0].extensions.messageId).toBe("error_csv_no_header");
    const unknownTable = await csv.upload("name\r\nX\r\n", { table: "Nope", auth: asKey() });
    expect(unknownTable.status).toBe(404);
  });

  it("refuses a row whose parent id names no entry", async () => {
    const [ada] = await authors({ name: { eq: "Ada" } });
    const started = await csv.upload(`title,pages,authorId\r\nKnown,10,${ada.id}\r\nOrphan,11,missing-id\r\n`, { table: "Book", auth: asKey() });
    const done = await csv.finished(started.import.id, asKey());
    expect(done).toMatchObject({ rowsDone: 1, rowsFailed: 1, firstFailure: { messageId: "error_value_parent_missing", field: "authorId" } });
    const books = await p.call(`{ listBook { items { title author { name } } } }`);
    expect(books.data.listBook.items).toEqual([{ title: "Known", author: { name: "Ada" } }]);
  });

  it("a retried upload of the same file, or with the same Idempotency-Key, returns the first import and writes its rows once", async () => {
    const file = "name,email\r\nOnce,once@example.com\r\n";
    const first = await csv.upload(file, { table: "Author", auth: asKey() });
    const again = await csv.upload(file, { table: "Author", auth: asKey() });
    expect(again.status).toBe(200);
    expect(again.import.id).toBe(first.import.id);
    await csv.finished(first.import.id, asKey());
    expect(await authors({ name: { eq: "Once" } })).toHaveLength(1);

    const keyed = await csv.upload("name\r\nKeyed\r\n", { table: "Author", auth: asKey(), headers: { "idempotency-key": "upload-1" } });
    const retried = await csv.upload("name\r\nKeyed\r\n", { table: "Author", auth: asKey(), headers: { "idempotency-key": "upload-1" } });
    expect(retried.import.id).toBe(keyed.import.id);
    await csv.finished(keyed.import.id, asKey());
    expect(await authors({ name: { eq: "Keyed" } })).toHaveLength(1);
  });
});

describe("who may import", () => {
  it("refuses no credentials (401), a member who may not create entries and another workspace's owner (403)", async () => {
    const before = (await authors()).length;
    const anonymous = await csv.upload("name\r\nNo\r\n", { table: "Author", auth: {} });
    expect(anonymous.status).toBe(401);
    const support = await p.t.signUp(uniqueEmail("support"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: support.email, type: "SUPPORT" });
    const bySupport = await csv.upload("name\r\nNo\r\n", { table: "Author", auth: { token: support.token } });
    expect(bySupport.status).toBe(403);
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    expect((await csv.upload("name\r\nNo\r\n", { table: "Author", auth: { token: stranger.token } })).status).toBe(403);
    expect((await csv.status("imp_anything", { token: stranger.token })).status).toBe(403);

    // Content staff import rows, but adding fields changes the model: that needs publish rights.
    const content = await p.t.signUp(uniqueEmail("content"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: content.email, type: "CONTENT" });
    const withField = await csv.upload("name,colour\r\nNo,red\r\n", { table: "Author", optIn: ["colour"], auth: { token: content.token } });
    expect(withField.status).toBe(403);
    expect(withField.errors?.[0].extensions.messageId).toBe("error_csv_fields_requires_role");
    const rowsOnly = await csv.upload("name\r\nBy content\r\n", { table: "Author", auth: { token: content.token } });
    expect(rowsOnly.status).toBe(201);
    await csv.finished(rowsOnly.import.id, { token: content.token });
    expect((await authors()).length).toBe(before + 1);
  });
});

describe("what one caller may cost", () => {
  let small: LiveProject;
  beforeAll(async () => {
    small = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},csvImportMaxBytes=2048,csvImportsPerCallerPerHour=3` });
  }, 60_000);
  afterAll(async () => {
    await small?.t.close();
  });

  it("answers 413 beyond the size limit, whether the length is declared or streamed, and stores nothing", async () => {
    const client = csvClient(small.t.url, small.apiId);
    const big = `name\r\n${"x".repeat(3000)}\r\n`;
    const declared = await client.upload(big, { table: "Author", auth: { apiKey: small.apiKey } });
    expect(declared.status).toBe(413);
    expect(declared.errors?.[0].extensions.messageId).toBe("error_csv_too_large");
    const streamed = await fetch(`${small.t.url}/p/${small.apiId}/imports?table=Author&fileName=big.csv`, {
      method: "POST",
      headers: { "x-api-key": small.apiKey },
      body: new ReadableStream({
        start(controller) {
          for (let chunk = 0; chunk < 4; chunk++) controller.enqueue(new TextEncoder().encode(`name\r\n${"y".repeat(1000)}\r\n`));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit).catch(() => null);
    if (streamed) expect(streamed.status).toBe(413);
    expect(await small.t.platform.db.selectFrom("project_imports").select("id").where("api_id", "=", small.apiId).execute()).toEqual([]);
  });

  it("refuses more imports per hour than the limit with RATE_LIMITED (429)", async () => {
    const client = csvClient(small.t.url, small.apiId);
    // The two refused uploads above counted; one more is allowed.
    expect((await client.upload("name\r\nA\r\n", { table: "Author", auth: { apiKey: small.apiKey } })).status).toBe(201);
    const refused = await client.upload("name\r\nB\r\n", { table: "Author", auth: { apiKey: small.apiKey } });
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", messageId: "error_rate_limited_csv_import" });
  });
});
