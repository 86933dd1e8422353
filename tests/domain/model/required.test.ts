import { describe, expect, it } from "vitest";
import { REQUIRED_CHOICES, requiredChoice, withRequiredChoice, type Field } from "../../../src/domain/model";

const field = (directives: string[], readonly = false) =>
  ({ id: "f1", name: "title", type: "String", directives: directives.map((name) => ({ name })), readonly }) as unknown as Field;

// Spec §4: "when all three required-on-create, -update and -delete are set they collapse into a single required".
describe("the required choice of a field", () => {
  it("reads every stored combination as one choice", () => {
    expect(requiredChoice(field([]))).toBe("none");
    expect(requiredChoice(field(["required"]))).toBe("always");
    expect(requiredChoice(field(["requiredOnDelete", "requiredOnCreate"]))).toBe("create+delete");
    expect(requiredChoice(field(["requiredOnCreate", "requiredOnUpdate", "requiredOnDelete"]))).toBe("always");
  });

  it("writes each choice in the stored form, all three as one required, and reads it back", () => {
    for (const choice of REQUIRED_CHOICES) expect(requiredChoice(withRequiredChoice(field(["unique"]), choice)), choice).toBe(choice);
    expect(withRequiredChoice(field(["unique", "requiredOnCreate"]), "always").directives).toEqual([{ name: "unique" }, { name: "required" }]);
    expect(withRequiredChoice(field(["required"]), "update").directives).toEqual([{ name: "requiredOnUpdate" }]);
    expect(withRequiredChoice(field(["required"]), "none").directives).toEqual([]);
  });

  it("never changes a read-only field", () => {
    const createdAt = field([], true);
    expect(withRequiredChoice(createdAt, "always")).toBe(createdAt);
  });
});
