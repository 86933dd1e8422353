// @vitest-environment node
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSchema } from "../../../server/graphql/schema";
import { createGraphqlHandler } from "../../../server/graphql/yoga";
import { costRefusal } from "../../../server/graphql/limits";
import { SCHEMA_PATH, PROJECT_ROOT } from "../../../server/paths";

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

  it.each(operations)("%s", async (file) => {
    const artifact = (await import(join(generated, file))).default as { params: { text: string } };
    const document = parse(artifact.params.text);
    expect(validate(schema, document).map((error: { message: string }) => error.message)).toEqual([]);
    // Priced with the sizes the operation asks for by default (its variables' defaults, else the schema's).
    expect(costRefusal(schema, document)?.message ?? null).toBeNull();
  });
});
