// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { projectBaseSchemaText } from "../../../server/projectApi/schema";

describe("schema.project.graphql", () => {
  it("is what the generator makes of a project without tables (run `npx tsx scripts/write-project-schema.ts` when this fails)", () => {
    const written = readFileSync(new URL("../../../schema.project.graphql", import.meta.url), "utf8");
    expect(written).toBe(projectBaseSchemaText() + "\n");
  });
});
