import { describe, expect, it } from "vitest";
import { draftInput, showsSaveCancel, type RecordDraft } from "../../../src/data/record/recordDraft";
import type { Field, ObjectType } from "../../../src/domain/model";

const field = (name: string, type: Field["type"], directives: string[] = [], extra: Partial<Field> = {}): Field =>
  ({ id: `f_${name}`, name, type, directives: directives.map((directive) => ({ name: directive })), isList: false, isEnum: false, isBoolean: false, ...extra }) as Field;

const book = {
  id: "t_book",
  name: "Book",
  fields: [
    field("id", "ID", [], { readonly: true }),
    field("updatedAt", "String", ["sortBy"], { readonly: true }),
    field("title", "String", ["requiredOnUpdate"]),
    field("pages", "Integer"),
    field("note", "String"),
  ],
} as unknown as ObjectType;

const draft = (patch: Partial<RecordDraft>): RecordDraft => ({ table: book, enums: [], saved: { title: "Dune", pages: 412, note: null }, typed: {}, isNew: false, locale: "en", ...patch });

describe("the record form's draft (spec §2 Save/Cancel, §5 what an update sends)", () => {
  it("shows Save/Cancel only when a value differs from the saved one, or the record is new", () => {
    expect(showsSaveCancel(draft({}))).toBe(false);
    expect(showsSaveCancel(draft({ typed: { pages: "412" } }))).toBe(false);
    expect(showsSaveCancel(draft({ typed: { pages: "413" } }))).toBe(true);
    expect(showsSaveCancel(draft({ saved: {}, isNew: true }))).toBe(true);
  });

  it("sends on update only the changed fields plus the mandatory update keys, numbers as numbers", () => {
    expect(draftInput(draft({ typed: { pages: "500" } }))).toEqual({ input: { title: "Dune", pages: 500 }, problem: null });
  });

  it("sends on create neither the id nor read-only keys, and no empty values", () => {
    expect(draftInput(draft({ saved: {}, isNew: true, typed: { title: "New", pages: "" } }))).toEqual({ input: { title: "New" }, problem: null });
  });

  it("names the problem the server would refuse, before sending", () => {
    expect(draftInput(draft({ typed: { title: "" } })).problem).toMatchObject({ messageId: "error_value_required", field: "title" });
  });
});
