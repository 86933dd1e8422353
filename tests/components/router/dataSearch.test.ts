import { describe, expect, it } from "vitest";
import { dataSearch } from "../../../src/router/searchParams";

describe("project-data's search (?sort, ?filter)", () => {
  it("keeps a sort of <field>:<ASC|DESC> and a filter of {field: {operator: value}} as JSON text", () => {
    expect(dataSearch({ sort: "rank:ASC", filter: '{"a":{"eq":1}}' })).toEqual({ sort: "rank:ASC", filter: '{"a":{"eq":1}}' });
  });

  it("takes the filter the router already read as JSON, as text again", () => {
    expect(dataSearch({ filter: { title: { beginsWith: "bulk" } } })).toEqual({ filter: '{"title":{"beginsWith":"bulk"}}' });
  });

  it("drops what is malformed, as if the link had not carried it", () => {
    expect(dataSearch({ sort: "rank:UP", filter: "[1]" })).toEqual({});
    expect(dataSearch({ sort: "1rank:ASC", filter: '{"a":1}' })).toEqual({});
    expect(dataSearch({ filter: `{"a":{"eq":"${"x".repeat(4000)}"}}` })).toEqual({});
  });
});

describe("project-data's search (?record)", () => {
  it("keeps the record editor's stack and drops a malformed one", () => {
    const stack = [{ table: "Author", id: "a1" }, { table: "Book", id: null, parentLink: { field: "authorId", id: "a1" } }];
    expect(dataSearch({ record: stack })).toEqual({ record: stack });
    expect(dataSearch({ record: [{ table: "Author" }] })).toEqual({});
    expect(dataSearch({ record: Array.from({ length: 21 }, () => ({ table: "A", id: "1" })) })).toEqual({});
  });

  it("keeps only the and-shape the filter dropdown makes", () => {
    expect(dataSearch({ filter: { or: [{ a: { eq: 1 } }] } })).toEqual({});
    expect(dataSearch({ filter: { and: [{ a: { gt: 1 } }, { b: { beginsWith: "x" } }] } })).toEqual({ filter: '{"and":[{"a":{"gt":1}},{"b":{"beginsWith":"x"}}]}' });
  });
});
