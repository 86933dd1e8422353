// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILTER_OPERATORS, allowsOperator, operandOf } from "../../../src/domain/filters";
import { effectiveFieldType } from "../../../src/domain/model";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

/** One field of each filter kind: text, number (Int, Float), boolean, enum, list, Json. */
const SAMPLE = ["name", "age", "rating", "stamp", "active", "status", "tags", "meta", "born", "id"];
const LITERAL = { Int: "1", Float: "1.5", Boolean: "true", String: '"ACTIVE"' } as const;

describe("the project API's filter inputs hold exactly the operators the domain allows (spec §7)", () => {
  const author = libraryModel().objectTypes.find((type) => type.name === "Author")!;
  for (const name of SAMPLE) {
    const field = author.fields.find((candidate) => candidate.name === name)!;
    const fieldType = effectiveFieldType(field)!;
    it(`${name} (${fieldType}): the allowed operators filter, every other one is refused`, async () => {
      for (const operator of FILTER_OPERATORS) {
        const result = await p.call(`{ listAuthor(filter: { ${name}: { ${operator}: ${LITERAL[operandOf(fieldType, operator)]} } }) { items { id } } }`);
        if (allowsOperator(fieldType, operator)) expect(result.errors, `${name} ${operator}`).toBeUndefined();
        else expect(result.errors?.[0].message, `${name} ${operator}`).toMatch(/not defined by type|is not defined/);
      }
    });
  }
});

describe("the generic Type model's JSON filter is held to the same operators", () => {
  it("lists with an allowed operator and refuses one the field's type does not allow, naming the filter", async () => {
    const allowed = await p.call(`query ($f: String) { listTypes(ofType: "Author", filter: $f) { items { id } } }`, { f: JSON.stringify({ age: { gt: 1 } }) });
    expect(allowed.errors).toBeUndefined();
    for (const filter of [{ age: { beginsWith: "1" } }, { status: { contains: "ACT" } }, { meta: { eq: "{}" } }, { tags: { gt: "a" } }]) {
      const refused = await p.call(`query ($f: String) { listTypes(ofType: "Author", filter: $f) { items { id } } }`, { f: JSON.stringify(filter) });
      expect(refused.errors?.[0].extensions?.messageId, JSON.stringify(filter)).toBe("error_filter_invalid");
    }
  });
});
