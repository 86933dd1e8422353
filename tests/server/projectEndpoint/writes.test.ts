// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { liveProject, type LiveProject } from "./fixture";
import { FILTER_INDEX_STATEMENT } from "../../../server/projectEndpoint/entries/filterIndexes";

let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const CREATE = `mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id name email } }`;
const count = async () => (await p.t.platform.db.selectFrom("project_entries").select((eb) => eb.fn.countAll<string>().as("n")).where("api_id", "=", p.apiId).executeTakeFirstOrThrow()).n;

describe("writes are checked by field type with the console's rules (src/domain/values.ts)", () => {
  it("refuses each bad value with its message key and the field, and writes nothing", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ age: -2147483648 }, "error_value_integer"],
      [{ born: "2023-02-29" }, "error_value_date"],
      [{ seen: "yesterday" }, "error_value_datetime"],
      [{ wakes: "25:00" }, "error_value_time"],
      [{ stamp: 1.5 }, "error_value_timestamp"],
      [{ email: "nope" }, "error_value_email"],
      [{ ip: "1.2.3" }, "error_value_ip_address"],
      [{ meta: "{broken" }, "error_value_json"],
      [{ phone: "call me" }, "error_value_phone"],
      [{ site: "javascript:alert(1)" }, "error_value_url"],
      [{ id: "chosen-by-caller" }, "error_value_unknown_field"],
    ];
    const before = await count();
    for (const [values, messageId] of bad) {
      const result = await p.call(CREATE, { input: { name: "x", ...values } });
      if (messageId === "error_value_unknown_field") {
        // id is not even part of the create input: GraphQL refuses it before any resolver.
        expect(result.errors?.[0].message).toMatch(/"id"/);
        continue;
      }
      expect(result.errors?.[0].extensions, messageId).toMatchObject({ code: "BAD_USER_INPUT", messageId, field: Object.keys(values)[0] });
    }
    expect(await count()).toBe(before);
  });

  it("refuses an enum value the model does not have (GraphQL enum) and a missing required value", async () => {
    const wrongEnum = await p.call(CREATE, { input: { name: "x", status: "GONE" } });
    expect(wrongEnum.errors?.length).toBe(1);
    const missing = await p.call(CREATE, { input: { email: "a@example.com" } });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_required", field: "name" });
    const book = await p.call(`mutation { createBook(input: { pages: 3 }) { id } }`);
    expect(book.errors?.[0].extensions).toMatchObject({ messageId: "error_value_required", field: "title" });
  });

  it("unique fields: a second entry with the same value is CONFLICT, also on update; the first stays", async () => {
    const first = await p.call(CREATE, { input: { name: "One", email: "same@example.com" } });
    expect(first.errors).toBeUndefined();
    const second = await p.call(CREATE, { input: { name: "Two", email: "same@example.com" } });
    expect(second.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_value_unique", field: "email" });
    const other = await p.call(CREATE, { input: { name: "Three", email: "other@example.com" } });
    const update = await p.call(`mutation ($input: UpdateAuthorInput!) { updateAuthor(input: $input) { id } }`, { input: { id: other.data.createAuthor.id, email: "same@example.com" } });
    expect(update.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", field: "email" });
    const kept = await p.call(`{ listAuthor(filter: { email: { eq: "same@example.com" } }) { items { name } } }`);
    expect(kept.data.listAuthor.items).toEqual([{ name: "One" }]);
    // The refused update rolled back with its Activity.
    const modified = await p.t.platform.db.selectFrom("project_activities").select("id").where("record_id", "=", other.data.createAuthor.id).where("event_name", "=", "MODIFY").execute();
    expect(modified).toEqual([]);
  });

  it("refuses an unknown id on update as NOT_FOUND", async () => {
    const result = await p.call(`mutation { updateAuthor(input: { id: "missing", age: 1 }) { id } }`);
    expect(result.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("connection fields are batched (no N+1)", () => {
  it("reads 20 authors with their books and each book's author in a fixed number of statements", async () => {
    const authors = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`, {
      input: Array.from({ length: 20 }, (_, index) => ({ name: `Batched ${index}` })),
    });
    const books = authors.data.batchCreateAuthor.flatMap((author: { id: string }, index: number) => [
      { title: `First ${index}`, authorId: author.id },
      { title: `Second ${index}`, authorId: author.id },
    ]);
    await p.call(`mutation ($input: [CreateBookInput!]!) { batchCreateBook(input: $input) { id } }`, { input: books });
    const executor = Object.getPrototypeOf(p.t.platform.db.getExecutor());
    const spy = vi.spyOn(executor, "executeQuery");
    try {
      const result = await p.call(`{ listAuthor(limit: 100, filter: { name: { beginsWith: "Batched" } }) { items { name listBook(limit: 5) { items { title author { name } } } } } }`);
      expect(result.errors).toBeUndefined();
      expect(result.data.listAuthor.items).toHaveLength(20);
      for (const author of result.data.listAuthor.items) {
        expect(author.listBook.items).toHaveLength(2);
        expect(author.listBook.items[0].author.name).toBe(author.name);
      }
      const entryStatements = spy.mock.calls
        .map(([query]) => (query as { sql: string }).sql)
        .filter((text) => text.includes("project_entries") && !text.startsWith(FILTER_INDEX_STATEMENT));
      // One for the authors, one for all their books, one for all the books' authors.
      expect(entryStatements.length).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });
});
