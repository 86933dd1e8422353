// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const AUTHOR = `id createdAt updatedAt name email age tags meta status`;

async function createAuthor(input: Record<string, unknown>) {
  const result = await p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { ${AUTHOR} } }`, { input });
  expect(result.errors).toBeUndefined();
  return result.data.createAuthor;
}

describe("spec §7 'get-one by id; … create, batch create, update, delete, batch delete'", () => {
  it("creates an entry with server-set id, createdAt and updatedAt, and reads it back by id", async () => {
    const created = await createAuthor({ name: "Ada", email: "ada@example.com", age: 36, tags: ["math"], meta: '{"a":1}', status: "ACTIVE" });
    expect(created).toMatchObject({ name: "Ada", email: "ada@example.com", age: 36, tags: ["math"], meta: '{"a":1}', status: "ACTIVE" });
    expect(created.id).toBeTruthy();
    expect(Date.parse(created.createdAt)).toBeGreaterThan(0);
    const read = await p.call(`query ($id: ID!) { getAuthor(id: $id) { ${AUTHOR} } }`, { id: created.id });
    expect(read.data.getAuthor).toEqual(created);
  });

  it("updates only the values sent, and removes a value set to null", async () => {
    const created = await createAuthor({ name: "Grace", age: 40, tags: ["navy"] });
    const updated = await p.call(`mutation ($input: UpdateAuthorInput!) { updateAuthor(input: $input) { ${AUTHOR} } }`, { input: { id: created.id, age: 41, tags: null } });
    expect(updated.data.updateAuthor).toMatchObject({ name: "Grace", age: 41, tags: null });
    expect(Date.parse(updated.data.updateAuthor.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  it("deletes one and many; a deleted entry is gone", async () => {
    const [a, b, c] = [await createAuthor({ name: "A" }), await createAuthor({ name: "B" }), await createAuthor({ name: "C" })];
    const one = await p.call(`mutation ($input: DeleteAuthorInput!) { deleteAuthor(input: $input) { id } }`, { input: { id: a.id } });
    expect(one.data.deleteAuthor.id).toBe(a.id);
    const many = await p.call(`mutation ($input: [DeleteAuthorInput!]!) { batchDeleteAuthor(input: $input) { id } }`, { input: [{ id: b.id }, { id: c.id }] });
    expect(many.data.batchDeleteAuthor.map((entry: { id: string }) => entry.id).sort()).toEqual([b.id, c.id].sort());
    const left = await p.call(`query ($ids: [ID!]!) { batchGetAuthor(ids: $ids) { id } }`, { ids: [a.id, b.id, c.id] });
    expect(left.data.batchGetAuthor).toEqual([null, null, null]);
    const again = await p.call(`mutation ($input: DeleteAuthorInput!) { deleteAuthor(input: $input) { id } }`, { input: { id: a.id } });
    expect(again.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("batch-creates in one transaction: one bad entry writes none", async () => {
    const before = await p.call(`{ listAuthor(limit: 1000) { items { id } } }`);
    const bad = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`, { input: [{ name: "ok" }, { name: "bad", email: "not an email" }] });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_email", field: "email" });
    const after = await p.call(`{ listAuthor(limit: 1000) { items { id } } }`);
    expect(after.data.listAuthor.items.length).toBe(before.data.listAuthor.items.length);
    const good = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { name } }`, { input: [{ name: "x1" }, { name: "x2" }] });
    expect(good.data.batchCreateAuthor.map((entry: { name: string }) => entry.name)).toEqual(["x1", "x2"]);
  });

  it("records an Activity (INSERT, MODIFY, REMOVE) for every write", async () => {
    const created = await createAuthor({ name: "Logged" });
    await p.call(`mutation ($input: UpdateAuthorInput!) { updateAuthor(input: $input) { id } }`, { input: { id: created.id, age: 3 } });
    await p.call(`mutation ($input: DeleteAuthorInput!) { deleteAuthor(input: $input) { id } }`, { input: { id: created.id } });
    const events = await p.t.platform.db
      .selectFrom("project_activities")
      .select(["event_name", "record_type"])
      .where("api_id", "=", p.apiId)
      .where("record_id", "=", created.id)
      .orderBy("created_at")
      .execute();
    expect(events.map((event) => event.event_name).sort()).toEqual(["INSERT", "MODIFY", "REMOVE"]);
    expect(new Set(events.map((event) => event.record_type))).toEqual(new Set(["Author"]));
  });
});

describe("connections both ways", () => {
  it("creates a child under its parent and resolves author.listBook and book.author", async () => {
    const author = await createAuthor({ name: "Tolkien" });
    for (const [title, pages] of [["Hobbit", 310], ["Silmarillion", 365]] as const) {
      const book = await p.call(`mutation ($input: CreateBookInput!) { createBook(input: $input) { id author { name } } }`, { input: { title, pages, authorId: author.id } });
      expect(book.data.createBook.author.name).toBe("Tolkien");
    }
    const read = await p.call(`query ($id: ID!) { getAuthor(id: $id) { listBook { items { title pages author { id } } } } }`, { id: author.id });
    expect(read.data.getAuthor.listBook.items).toEqual([
      { title: "Silmarillion", pages: 365, author: { id: author.id } },
      { title: "Hobbit", pages: 310, author: { id: author.id } },
    ]);
    const byParent = await p.call(`query ($id: ID!) { listBookByParent(parentId: $id, sortOrder: ASC) { items { title } } }`, { id: author.id });
    expect(byParent.data.listBookByParent.items.map((book: { title: string }) => book.title)).toEqual(["Hobbit", "Silmarillion"]);
  });

  it("refuses a parent id that names no entry, and writes nothing", async () => {
    const result = await p.call(`mutation ($input: CreateBookInput!) { createBook(input: $input) { id } }`, { input: { title: "Orphan", authorId: "missing" } });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_parent_missing", field: "authorId" });
    const books = await p.call(`{ listBook(filter: { title: { eq: "Orphan" } }) { items { id } } }`);
    expect(books.data.listBook.items).toEqual([]);
  });

  it("refuses a batch in which one parent id of many names no entry, and writes none of it", async () => {
    const author = await p.call(`mutation { createAuthor(input: { name: "Le Guin" }) { id } }`);
    const authorId = author.data.createAuthor.id;
    const input = [{ title: "Batch kept", authorId }, { title: "Batch kept", authorId }, { title: "Batch orphan", authorId: "missing" }];
    const result = await p.call(`mutation ($input: [CreateBookInput!]!) { batchCreateBook(input: $input) { id } }`, { input });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_parent_missing", field: "authorId" });
    const books = await p.call(`{ listBook(filter: { title: { beginsWith: "Batch" } }) { items { id } } }`);
    expect(books.data.listBook.items).toEqual([]);
  });
});
