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
