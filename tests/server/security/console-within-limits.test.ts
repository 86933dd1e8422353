// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSchema } from "../../../server/graphql/schema";
import { createGraphqlHandler } from "../../../server/graphql/yoga";
import { costRefusal } from "../../../server/graphql/limits";
import { SCHEMA_PATH, PROJECT_PERSISTED_QUERIES_PATH, PROJECT_ROOT } from "../../../server/paths";
import { generateProjectSchema } from "../../../server/projectEndpoint/schema/schema";

/*
 * The query limits sit just above the console's own operations ("deeper than
 * the console's deepest query, no more"). A console query that outgrows them fails here, not in
 * a user's browser.
 */
const generated = join(PROJECT_ROOT, "src", "__generated__");
const operations = readdirSync(generated).filter((file) => /(Query|Mutation|Subscription)\.graphql\.ts$/.test(file));
/** Operations of the data screens, sent to a project's own endpoint (relay.config.json project "project"). */
const projectOperationIds = new Set(Object.keys(JSON.parse(readFileSync(PROJECT_PERSISTED_QUERIES_PATH, "utf8"))));

describe("the console's operations pass the query limits", () => {
  const viewer = { viewer: { sub: "u", email: "u@example.com", superuser: false } };
  const platform = createGraphqlHandler(createSchema(SCHEMA_PATH)).getEnveloped(viewer);
  // The part of a project's schema every project has, which is all the console's data screens use.
  const project = createGraphqlHandler(generateProjectSchema({ objectTypes: [], enumTypes: [] }).schema, "/p/:apiId/graphql", PROJECT_PERSISTED_QUERIES_PATH).getEnveloped(viewer);

  it("finds the compiled operations", () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it.each(operations)("%s", async (file) => {
    const artifact = (await import(join(generated, file))).default as { params: { id: string; text: string } };
    const { parse, validate, schema } = projectOperationIds.has(artifact.params.id) ? project : platform;
    const document = parse(artifact.params.text);
    expect(validate(schema, document).map((error: { message: string }) => error.message)).toEqual([]);
    // Priced with the sizes the operation asks for by default (its variables' defaults, else the schema's).
    expect(costRefusal(schema, document)?.message ?? null).toBeNull();
  });
});
