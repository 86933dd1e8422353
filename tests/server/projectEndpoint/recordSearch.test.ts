// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICKER_PAGE_SIZE, recordSearchFilter } from "../../../src/domain/recordSearch";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

/**
 * The 'Link a … entry' picker's search, as the endpoint answers it: the filter the console sends
 * for typed text finds entries by their readable fields whatever the case of the first letter,
 * and by a pasted id, among many more entries than a page shows.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
  const names = Array.from({ length: 60 }, (_, index) => `Reader ${index}`);
  for (const [index, name] of [...names, "Bella Swan", "Isabella Bird"].entries()) {
    const created = await p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id } }`, { input: { name, email: `r${index}@example.com` } });
    expect(created.errors).toBeUndefined();
  }
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const LIST = `query ($filter: String, $limit: Int) { listTypes(ofType: "Author", filter: $filter, limit: $limit) { items { id fields } } }`;
const author = () => libraryModel().objectTypes.find((table) => table.name === "Author")!;
const found = async (text: string) => {
  const { data, errors } = await p.call(LIST, { filter: recordSearchFilter(author(), text), limit: PICKER_PAGE_SIZE });
  expect(errors).toBeUndefined();
  return (data.listTypes.items as { id: string; fields: string }[]).map((item) => ({ id: item.id, name: JSON.parse(item.fields).name }));
};

describe("searching a table for an entry to link", () => {
  it("finds entries by a readable field, typed in lower case", async () => {
    expect((await found("bella")).map((entry) => entry.name).sort()).toEqual(["Bella Swan", "Isabella Bird"]);
    expect((await found("BIRD")).map((entry) => entry.name)).toEqual(["Isabella Bird"]);
    expect((await found("r61@example")).map((entry) => entry.name)).toEqual(["Isabella Bird"]);
  });

  it("finds an entry by its pasted id, and nothing for text no entry holds", async () => {
    const [bella] = await found("Bella Swan");
    expect(await found(bella.id)).toEqual([bella]);
    expect(await found("no such reader")).toEqual([]);
  });
});
