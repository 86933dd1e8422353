import { describe, expect, it } from "vitest";
import { readStoredModel } from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";
import { blog } from "./fixtures";

describe("readStoredModel (a declaration the server stored, read without the shape check)", () => {
  it("reads what parseModel reads from a stored declaration", () => {
    const text = JSON.stringify(blog().model);
    expect(readStoredModel(text)).toEqual(parseModel(text));
  });

  it("fills the empty lists a generated declaration leaves out, as parseModel does", () => {
    const text = JSON.stringify({ objectTypes: [{ id: "t1", name: "Post", fields: [{ id: "f1", name: "id", type: "ID", readonly: true }] }] });
    expect(readStoredModel(text)).toEqual(parseModel(text));
  });

  it("still refuses text that is not JSON, too deep, or has no tables", () => {
    expect(readStoredModel("{")).toMatchObject({ problem: { messageId: "error_model_invalid" } });
    expect(readStoredModel("[".repeat(500) + "]".repeat(500))).toHaveProperty("problem");
    expect(readStoredModel('{"__proto__": {}}')).toHaveProperty("problem");
    expect(readStoredModel('"a string"')).toMatchObject({ problem: { messageId: "error_model_invalid" } });
  });
});
