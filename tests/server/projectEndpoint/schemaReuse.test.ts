// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { generateProjectSchema } from "../../../server/projectEndpoint/schema/schema";

/** Each object's keys in reverse order, as a model read back from jsonb has them in another order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reordered(item)]));
  return value;
}

function bookModel(): SchemaModel {
  const table = addObjectType(initialModel(), "Book");
  return addField(table.model, table.id, { name: "title", type: "String" }).model;
}

/**
 * Publishing builds a version's schema to check it and the endpoint builds it again to serve it:
 * the second is the first, whatever order the model's keys come back in, and only for the same
 * model and options.
 */
describe("a project schema built for the same model", () => {
  it("is built once for the same model, its keys in any order", () => {
    const model = bookModel();
    const first = generateProjectSchema(model);
    expect(JSON.stringify(reordered(model))).not.toBe(JSON.stringify(model));
    expect(generateProjectSchema(reordered(model) as SchemaModel).schema).toBe(first.schema);
  });

  it("is built anew for a model that differs only where the SDL does not show it, or for other options", () => {
    const model = bookModel();
    const withTrigger: SchemaModel = {
      ...model,
      objectTypes: model.objectTypes.map((table) => ({
        ...table,
        resolvers: [{ id: "r1", name: "stamp", step: "before", runtime: "nodejs18.x", types: ["create"], handler: "stamp.handler" }],
      })),
    };
    const plain = generateProjectSchema(model);
    const triggered = generateProjectSchema(withTrigger);
    expect(triggered.sdl).toBe(plain.sdl);
    expect(triggered.schema).not.toBe(plain.schema);
    expect(generateProjectSchema(model, { amplifyNames: true }).schema).not.toBe(plain.schema);
  });
});
