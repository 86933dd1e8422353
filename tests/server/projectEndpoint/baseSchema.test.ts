// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { projectBaseSchemaText } from "../../../server/projectEndpoint/schema/schema";
import { PROJECT_BASE_OPERATION_NAMES, PROJECT_BASE_TYPE_NAMES } from "../../../src/domain/model/apiNames";

describe("schema.project.graphql", () => {
  it("is what the generator makes of a project without tables (run `npx tsx scripts/write-project-schema.ts` when this fails)", () => {
    const written = readFileSync(new URL("../../../schema.project.graphql", import.meta.url), "utf8");
    expect(written).toBe(projectBaseSchemaText() + "\n");
  });

  it("holds exactly the type and operation names the model rules keep free (src/domain/model/apiNames.ts)", () => {
    const schema = buildSchema(projectBaseSchemaText());
    const types = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith("__"));
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
    const operations = roots.flatMap((root) => Object.keys(root?.getFields() ?? {}));
    expect(types.sort()).toEqual([...PROJECT_BASE_TYPE_NAMES].sort());
    expect(operations.sort()).toEqual([...PROJECT_BASE_OPERATION_NAMES].sort());
  });
});
