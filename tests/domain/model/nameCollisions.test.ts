import { describe, expect, it } from "vitest";
import { addConnection, addField, addObjectType, initialModel, modelProblems, renameObjectType, type SchemaModel } from "../../../src/domain/model";
import { generatedNames } from "../../../src/domain/model/generatedNames";
import { blog } from "./fixtures";

/** Tables by name; `belongsTo` lists [child, parent] pairs. */
function model(names: string[], belongsTo: [string, string][] = [], fields: [string, string][] = []): SchemaModel {
  let built: SchemaModel = { ...initialModel(), objectTypes: [] };
  const ids = new Map<string, string>();
  for (const name of names) {
    const added = addObjectType(built, name);
    built = added.model;
    ids.set(name, added.id);
  }
  for (const [child, parent] of belongsTo) built = addConnection(built, ids.get(child)!, ids.get(parent)!, "belongsTo");
  for (const [table, field] of fields) built = addField(built, ids.get(table)!, { name: field }).model;
  return built;
}

const problemsOf = (built: SchemaModel) => modelProblems(built).map(({ messageId, path, values }) => ({ messageId, path, values }));

describe("names the generated API would hold twice", () => {
  it("refuses a table named Owner that another table belongs to (its owner field), on Owner's name", () => {
    expect(problemsOf(model(["Dog", "Owner"], [["Dog", "Owner"]]))).toEqual([
      {
        messageId: "error_model_connection_field_taken",
        path: ["objectTypes", 1, "name"],
        values: { name: "Owner", table: "Dog", field: "owner" },
      },
    ]);
  });

  it("accepts a table named Owner nothing belongs to, and Dog belonging to PetOwner", () => {
    expect(problemsOf(model(["Dog", "Owner"]))).toEqual([]);
    expect(problemsOf(model(["Dog", "PetOwner"], [["Dog", "PetOwner"]]))).toEqual([]);
  });

  it("refuses a field named like its table's connection (author beside Author), and like the parent id input", () => {
    const path = ["objectTypes", 0, "fields", 3, "name"];
    expect(problemsOf(model(["Book", "Author"], [["Book", "Author"]], [["Book", "author"]]))).toEqual([
      { messageId: "error_model_field_name_connection", path, values: { name: "author", table: "Author" } },
    ]);
    expect(problemsOf(model(["Book", "Author"], [["Book", "Author"]], [["Book", "authorId"]]))).toEqual([
      { messageId: "error_model_field_name_connection", path, values: { name: "authorId", table: "Author" } },
    ]);
    expect(problemsOf(model(["Author", "Book"], [["Book", "Author"]], [["Author", "listBook"]]))).toEqual([
      { messageId: "error_model_field_name_connection", path, values: { name: "listBook", table: "Book" } },
    ]);
  });

  it("refuses a table or enum named like a type another table generates, both orders", () => {
    for (const names of [["Book", "BookFilterInput"], ["BookFilterInput", "Book"]]) {
      const index = names.indexOf("BookFilterInput");
      expect(problemsOf(model(names))).toEqual([
        { messageId: "error_model_name_generated", path: ["objectTypes", index, "name"], values: { name: "BookFilterInput", table: "Book" } },
      ]);
    }
    const withEnum = { ...model(["Book"]), enumTypes: [{ id: "e1", name: "CreateBookInput", values: [{ name: "A" }] }] };
    expect(problemsOf(withEnum)).toEqual([
      { messageId: "error_model_name_generated", path: ["enumTypes", 0, "name"], values: { name: "CreateBookInput", table: "Book" } },
    ]);
  });

  it("refuses names of every project's API and tables that would generate one", () => {
    expect(problemsOf(model(["PageInfo"]))).toEqual([
      { messageId: "error_model_name_in_base_api", path: ["objectTypes", 0, "name"], values: { name: "PageInfo" } },
    ]);
    expect(problemsOf(model(["ListInt"]))).toEqual([
      { messageId: "error_model_table_generates_base_name", path: ["objectTypes", 0, "name"], values: { name: "ListInt", generated: "ListIntFilterInput" } },
    ]);
    expect(problemsOf(model(["TypesByParentType"]))[0]).toMatchObject({ values: { generated: "listTypesByParentType" } });
  });

  it("refuses a table whose operations another table's already take (DogByParent beside a child Dog)", () => {
    expect(problemsOf(model(["Dog", "Kennel", "DogByParent"], [["Dog", "Kennel"]]))).toEqual([
      {
        messageId: "error_model_table_generates_taken_name",
        path: ["objectTypes", 2, "name"],
        values: { name: "DogByParent", generated: "listDogByParent", table: "Dog" },
      },
    ]);
  });

  it("refuses filter words and GraphQL literals as field names", () => {
    expect(problemsOf(model(["Book"], [], [["Book", "and"]]))).toEqual([
      { messageId: "error_model_field_name_filter_logic", path: ["objectTypes", 0, "fields", 3, "name"], values: { name: "and" } },
    ]);
    expect(problemsOf(model(["Book"], [], [["Book", "null"]]))[0]).toMatchObject({ messageId: "form_feedback_reserved_field_name" });
  });

  it("keeps a field of its own named owner (the entry's creator then is not shown) and the blog valid", () => {
    expect(problemsOf(model(["Book"], [], [["Book", "owner"]]))).toEqual([]);
    expect(problemsOf(blog().model)).toEqual([]);
  });

  it("lists each table's generated names once per scope for a valid model", () => {
    const { model: valid, authorId } = blog();
    const names = generatedNames(renameObjectType(valid, authorId, "Writer"));
    const keys = names.map((claim) => `${claim.scope} ${claim.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(["type WriterConnection", "operation listPostByParent", "object:1 writer", "input:1 writerId", "object:0 listPost"]));
  });
});
