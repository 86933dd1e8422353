// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import { countEntriesOfParent } from "../../../server/projectEndpoint/entries/store";
import { uniqueEmail } from "../harness";
import { liveProject, type LiveProject } from "./fixture";

/**
 * The record editor's has-many lists say how many children a record has
 * (countTypesByParentType), counted only as far as the cap.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const COUNT = `query ($id: ID!, $parentType: String!) { countTypesByParentType(ofType: "Book", parentType: $parentType, parentId: $id, parentKey: FIRST) }`;

async function authorWithBooks(books: number) {
  const author = await p.call(`mutation { createType(ofType: "Author", fields: "{\\"name\\":\\"Counted\\"}") { id } }`);
  const id: string = author.data.createType.id;
  const items = Array.from({ length: books }, (_, n) => ({ fields: JSON.stringify({ title: `Book ${n}` }), connections: JSON.stringify({ authorId: id }) }));
  if (books) expect((await p.call(`mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Book", items: $items) { id } }`, { items })).errors).toBeUndefined();
  return id;
}

describe("counting a record's children (countTypesByParentType)", () => {
  it("counts the children of one parent only, and none for a parent without any", async () => {
    const seven = await authorWithBooks(7);
    const none = await authorWithBooks(0);
    expect((await p.call(COUNT, { id: seven, parentType: "Author" })).data).toEqual({ countTypesByParentType: 7 });
    expect((await p.call(COUNT, { id: none, parentType: "Author" })).data).toEqual({ countTypesByParentType: 0 });
  });

  it("refuses a parent type that is not the table's parent in that slot, and a member who may not read data", async () => {
    const id = await authorWithBooks(1);
    const wrongParent = await p.call(COUNT, { id, parentType: "Book" });
    expect(wrongParent.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_parent_key_invalid" });
    const guest = await p.t.signUp(uniqueEmail("guest"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: guest.email, type: "GUEST" });
    const refused = await p.call(COUNT, { id, parentType: "Author" }, { token: guest.token });
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("stops counting at the cap, so a parent with very many children costs no more than the cap", async () => {
    const id = await authorWithBooks(5);
    const book = (await p.call(`{ listTypes(ofType: "Book", first: 1) { items { id } } }`)).data.listTypes.items[0].id;
    const typeId = (await p.t.platform.db.selectFrom("project_entries").select("type_id").where("id", "=", book).executeTakeFirstOrThrow()).type_id;
    expect(await countEntriesOfParent(p.t.platform.db, p.apiId, typeId, "first", id, 3)).toBe(3);
    expect(await countEntriesOfParent(p.t.platform.db, p.apiId, typeId, "first", id, 10)).toBe(5);
  });
});
