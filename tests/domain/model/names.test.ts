import { describe, expect, it } from "vitest";
import {
  READONLY_FIELD_NAMES,
  RESERVED_FIELD_NAMES,
  RESERVED_TYPE_NAMES,
  isReservedFieldName,
  isReservedTypeName,
  isValidName,
  localId,
  sanitizeName,
} from "../../../src/domain/model";

describe("sanitizeName", () => {
  it.each([
    ["Blog Post", "BlogPost"],
    ["first-name", "firstname"],
    ["123abc", "abc"],
    ["9 Lives", "Lives"],
    ["user_id2", "user_id2"],
    ["Größe", "Groesse"],
    ["Übersicht", "Uebersicht"],
    ["café", "cafe"],
    ["$%&", ""],
    ["42", ""],
  ])("%j becomes %j", (input, expected) => {
    expect(sanitizeName(input)).toBe(expected);
  });
  it("gives names that are valid once long enough", () => {
    for (const input of ["Blog Post", "9 Lives", "Größe", "café"]) expect(isValidName(sanitizeName(input))).toBe(true);
  });
});

describe("reserved names", () => {
  it("lists the spec's reserved type names", () => {
    expect(RESERVED_TYPE_NAMES).toEqual(["Activity", "ApiKey", "Subscription", "Query", "Mutation"]);
  });
  it.each(["activity", "APIKEY", "Query", "mutation", "SUBSCRIPTION"])("treats %s as a reserved type name", (name) => {
    expect(isReservedTypeName(name)).toBe(true);
  });
  it.each(["Activities", "Post", "Queries"])("allows %s as a type name", (name) => {
    expect(isReservedTypeName(name)).toBe(false);
  });
  it("lists the spec's sixteen reserved field names, the three read-only ones among them", () => {
    expect(RESERVED_FIELD_NAMES).toHaveLength(16);
    for (const name of READONLY_FIELD_NAMES) expect(RESERVED_FIELD_NAMES).toContain(name);
  });
  it.each(["ID", "CreatedAt", "PK", "Gsi0SortBy", "oftype", "DATA"])("treats %s as a reserved field name", (name) => {
    expect(isReservedFieldName(name)).toBe(true);
  });
  it.each(["identifier", "dataset", "title"])("allows %s as a field name", (name) => {
    expect(isReservedFieldName(name)).toBe(false);
  });
});

describe("localId", () => {
  it("is 6 characters of a-z and 0-9, different each time", () => {
    const ids = Array.from({ length: 200 }, localId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{6}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
