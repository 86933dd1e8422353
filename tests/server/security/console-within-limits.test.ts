// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSchema } from "../../../server/graphql/schema";
import { createGraphqlHandler } from "../../../server/graphql/yoga";
import { costRefusal } from "../../../server/graphql/limits";
import { PROJECT_PERSISTED_QUERIES_PATH, SCHEMA_PATH, PROJECT_ROOT } from "../../../server/paths";
import { buildSchema, parse as parseDocument, validate as validateDocument } from "graphql";
import { projectBaseSchemaText } from "../../../server/projectApi/schema";

/*
 * The query limits sit just above the console's own operations (issue 8, item 2: "deeper than
 * the console's deepest query, no more"). A console query that outgrows them fails here, not in
 * a user's browser.
 */
const generated = join(PROJECT_ROOT, "src", "__generated__");
const operations = readdirSync(generated).filter((file) => /(Query|Mutation|Subscription)\.graphql\.ts$/.test(file));

describe("the console's operations pass the query limits", () => {
  const yoga = createGraphqlHandler(createSchema(SCHEMA_PATH));
  const { parse, validate, schema } = yoga.getEnveloped({ viewer: { sub: "u", email: "u@example.com", superuser: false } });

  it("finds the compiled operations", () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  // The data screens' operations run on a project's endpoint, against the project schema's base.
  const projectOperations = JSON.parse(readFileSync(PROJECT_PERSISTED_QUERIES_PATH, "utf8")) as Record<string, string>;
  const projectSchema = buildSchema(projectBaseSchemaText());

  it.each(operations)("%s", async (file) => {
    const artifact = (await import(join(generated, file))).default as { params: { id: string; text: string } };
    if (projectOperations[artifact.params.id]) {
      const document = parseDocument(artifact.params.text);
      expect(validateDocument(projectSchema, document).map((error) => error.message)).toEqual([]);
      expect(costRefusal(projectSchema, document)?.message ?? null).toBeNull();
      return;
    }
    const document = parse(artifact.params.text);
    expect(validate(schema, document).map((error: { message: string }) => error.message)).toEqual([]);
    // Priced with the sizes the operation asks for by default (its variables' defaults, else the schema's).
    expect(costRefusal(schema, document)?.message ?? null).toBeNull();
  });
});
