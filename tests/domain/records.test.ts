import { describe, expect, it } from "vitest";
import { childPageButtons, connectionCardFields, parentLinkName } from "../../src/domain/records";

describe("connection cards (spec §2: 'at most 5 non-empty fields, excluding id, updatedAt, typename and *Id fields')", () => {
  it("leaves out the id, updatedAt, __typename, links and empty values, and keeps five", () => {
    const values = { id: "x", __typename: "Book", updatedAt: "t", authorId: "a1", title: "Dune", note: "", tags: [], pages: 412, year: 1965, lang: "en", isbn: "1", extra: "hidden" };
    expect(connectionCardFields(values)).toEqual([
      ["title", "Dune"],
      ["pages", 412],
      ["year", 1965],
      ["lang", "en"],
      ["isbn", "1"],
    ]);
  });

  it("names a parent link like the project API's input (authorId)", () => {
    expect(parentLinkName({ name: "Author" })).toBe("authorId");
  });
});

describe("child connection pages (spec §9: 'page size is 5, with at most 3 page buttons')", () => {
  it("shows at most three buttons around the current page", () => {
    expect(childPageButtons(1, 1)).toEqual([1]);
    expect(childPageButtons(1, 2)).toEqual([1, 2]);
    expect(childPageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(childPageButtons(5, 6)).toEqual([4, 5, 6]);
    expect(childPageButtons(6, 6)).toEqual([4, 5, 6]);
  });
});
