// @vitest-environment node
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClientSchema, buildSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema, type IntrospectionQuery } from "graphql";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  // Introspection is for signed-in callers only (query limits).
  ({ token } = await t.signUp(uniqueEmail("schema")));
});
afterAll(async () => {
  await t?.close();
});

/** Printed in one order, so only a difference in content fails. */
const printed = (schema: Parameters<typeof printSchema>[0]) => printSchema(lexicographicSortSchema(schema));

describe("the platform schema", () => {
  it("the running server serves exactly schema.graphql", async () => {
    const { data, errors } = await t.graphql<IntrospectionQuery>(getIntrospectionQuery({ descriptions: true }), {}, token);
    expect(errors).toBeUndefined();
    const served = printed(buildClientSchema(data!));
    const written = printed(buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8")));
    expect(served).toBe(written);
  });

  it("keeps every field in its type: relay-compiler reads schema.graphql and takes `extend type` for client-only fields", () => {
    const written = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(written.match(/^\s*extend\s+(type|interface|input|enum|union|schema)\b.*$/gm) ?? []).toEqual([]);
  });
});
