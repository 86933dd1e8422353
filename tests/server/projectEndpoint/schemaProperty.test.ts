// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  FIELD_TYPES,
  PUBLISHING_TYPES,
  addConnection,
  addField,
  addObjectType,
  canSortBy,
  modelProblems,
  normalizeModel,
  type Field,
  type FieldType,
  type SchemaModel,
} from "../../../src/domain/model";
import { withFreeNames } from "../../../src/domain/model/freeNames";
import { generateProjectSchema } from "../../../server/projectEndpoint/schema/schema";
import { TEMPLATES } from "../../../server/templates/catalog";
import { generateEmbedded } from "../../../server/ai/embedded";
import { seededRandom } from "../../support/seededRandom";

/**
 * The model rules' promise to publishing: every model they accept becomes a project schema that
 * builds and answers. Models are drawn from a seeded generator (the same every run), with names
 * made to collide: the API's own names, names another table generates, connection names.
 */

/** A seeded generator with the helpers the model generator uses, so a failure reproduces. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const TABLE_WORDS = ["Owner", "Author", "Book", "Dog", "Id", "CreatedAt", "Enum", "ListInt", "PageInfo", "Type", "TypesByParentType", "Query", "Entry", "owner", "ListDog"];
const FIELD_WORDS = ["owner", "and", "or", "not", "true", "null", "name", "title", "id", "fields", "listDog", "dogId", "dog"];

function randomName(rng: Random, upper: boolean): string {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
  let name = (upper ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ" : "abcdefghijklmnopqrstuvwxyz")[rng.int(26)];
  for (let length = 1 + rng.int(8); length > 0; length--) name += letters[rng.int(letters.length)];
  return name;
}

/** A type name: random, a tricky word, or one another table generates. */
function typeName(rng: Random, others: readonly string[]): string {
  const other = others.length ? rng.pick(others) : "Dog";
  if (rng.chance(0.65)) return randomName(rng, true);
  return rng.pick([
    () => rng.pick(TABLE_WORDS),
    () => `${other}${rng.pick(["Connection", "Edge", "FilterInput", "SortField", "ByParent", "Entry"])}`,
    () => `${rng.pick(["Create", "Update", "Delete"])}${other}Input`,
    () => `List${other}`,
  ])();
}

function fieldName(rng: Random, tables: readonly string[]): string {
  const table = tables.length ? rng.pick(tables) : "Dog";
  if (rng.chance(0.75)) return randomName(rng, false);
  return rng.pick([
    () => rng.pick(FIELD_WORDS),
    () => lowerFirst(table),
    () => `${lowerFirst(table)}Id`,
    () => `list${table}`,
  ])();
}

function randomModel(rng: Random): SchemaModel {
  let model: SchemaModel = { objectTypes: [], enumTypes: [] };
  const enumCount = rng.int(3);
  for (let index = 0; index < enumCount; index++) {
    // Values that are no GraphQL names make the enum's fields plain strings in the API.
    const names = new Set(Array.from({ length: 1 + rng.int(3) }, () => rng.pick([randomName(rng, true), randomName(rng, true), "true", "A B", "x"])));
    const values = [...names].map((name) => ({ name }));
    model.enumTypes.push({ id: `enum${index}`, name: typeName(rng, []), values });
  }
  const tableCount = 1 + rng.int(5);
  for (let index = 0; index < tableCount; index++) {
    model = addObjectType(model, typeName(rng, model.objectTypes.map((table) => table.name))).model;
  }
  const names = model.objectTypes.map((table) => table.name);
  for (const table of model.objectTypes.map((objectType) => objectType.id)) {
    for (let count = rng.int(5); count > 0; count--) {
      const enumType = model.enumTypes.length ? rng.pick(model.enumTypes) : null;
      const type: FieldType = rng.pick(FIELD_TYPES.filter((candidate) => candidate !== "Enum" || enumType));
      const directives = [
        ...(rng.chance(0.3) && canSortBy({ type, directives: [], readonly: false } as unknown as Field) ? [{ name: "sortBy" as const }] : []),
        ...(rng.chance(0.2) ? [{ name: rng.pick(["required", "requiredOnDelete", "requiredOnCreate"] as const) }] : []),
      ];
      model = addField(model, table, { name: fieldName(rng, names), type, typeId: type === "Enum" ? enumType!.id : null, directives }).model;
    }
  }
  for (let count = rng.int(4); count > 0; count--) {
    const [from, to] = [rng.pick(model.objectTypes), rng.pick(model.objectTypes)];
    model = addConnection(model, from.id, to.id, rng.pick(["hasMany", "belongsTo"] as const));
  }
  model = {
    ...model,
    objectTypes: model.objectTypes.map((table) =>
      rng.chance(0.3) ? { ...table, publishingTypes: PUBLISHING_TYPES.filter(() => rng.chance(0.5)) } : table,
    ),
  };
  return normalizeModel(model);
}

// The schema comes from @graphql-tools, which loads graphql's CommonJS build: ask it with that one.
const { graphql } = createRequire(import.meta.url)("graphql") as typeof import("graphql");

/** Builds the project schema and asks it something every schema answers. */
async function answers(model: SchemaModel): Promise<void> {
  const { schema } = generateProjectSchema(model);
  const result = await graphql({ schema, source: "{ __typename __schema { queryType { name } types { name } } }" });
  expect(result.errors, JSON.stringify(model)).toBeUndefined();
  expect(result.data?.__typename).toBe("Query");
}

const MODELS = 300;

describe("every model the rules accept publishes into a schema that builds and answers", () => {
  it("holds for every template (English and German names) and the AI start's answers", async () => {
    for (const template of TEMPLATES) {
      for (const model of [template.schema, template.germanSchema]) {
        expect(modelProblems(model), template.key).toEqual([]);
        await answers(model);
      }
    }
    for (const prompt of ["an app for my dog-walking business with dogs, owners and walks", "Immobilien mit Eigentümern, Mietern und Besichtigungen", "a blog with authors, books and owners"]) {
      const model = generateEmbedded(prompt)!;
      expect(modelProblems(model), prompt).toEqual([]);
      await answers(model);
    }
  });

  it(`holds for ${MODELS} generated models with colliding names, and renaming frees every collision`, async () => {
    const rng = random(31);
    let accepted = 0;
    let freed = 0;
    for (let index = 0; index < MODELS; index++) {
      const model = randomModel(rng);
      const problems = modelProblems(model);
      if (problems.length === 0) {
        accepted++;
        await answers(model);
        continue;
      }
      // What a generator hands over after renaming is accepted whenever only names collided.
      const renamed = withFreeNames(model);
      if (modelProblems(renamed).length < problems.length && modelProblems(renamed).length === 0) {
        freed++;
        await answers(renamed);
      }
    }
    // Enough of each kind that the property says something.
    expect(accepted).toBeGreaterThan(MODELS / 5);
    expect(freed).toBeGreaterThan(MODELS / 10);
  });
});
