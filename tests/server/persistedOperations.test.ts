// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sessionRolesQuery from "../../src/__generated__/sessionRolesQuery.graphql";
import { PERSISTED_QUERIES_PATH, PROJECT_PERSISTED_QUERIES_PATH, PROJECT_ROOT } from "../../server/paths";
import { startTestPlatform, type TestPlatform } from "./harness";

/*
 * "persisted or cached documents for the console's own operations (Relay's compiler can
 * emit persisted queries: the console then sends ids, not query text)". Plain documents stay
 * allowed for developers, scripts and tests.
 */
let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  ({ token } = await t.signUp("persisted@example.com"));
});
afterAll(() => t.close());

async function byId(id: string, variables: object = {}) {
  const response = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

describe("persisted operations", () => {
  it("runs a console operation sent by its id alone", async () => {
    const { status, body } = await byId(sessionRolesQuery.params.id!);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.email).toBe("persisted@example.com");
  });

  it("answers an unknown id with a clear, localized error and runs nothing", async () => {
    const { status, body } = await byId("0".repeat(64));
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]).toMatchObject({
      message: "This page is out of date. Please reload it.",
      extensions: { code: "PERSISTED_QUERY_NOT_FOUND", messageId: "error_persisted_query_not_found" },
    });
  });

  it("still accepts a plain document", async () => {
    const { data, errors } = await t.graphql(`{ viewer { email } }`, {}, token);
    expect(errors).toBeUndefined();
    expect(data.viewer.email).toBe("persisted@example.com");
  });

  it("knows every compiled console operation, by the id the console sends (a project's own in persisted-queries.project.json)", async () => {
    const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
    const persisted = { ...read(PERSISTED_QUERIES_PATH), ...read(PROJECT_PERSISTED_QUERIES_PATH) };
    const generated = join(PROJECT_ROOT, "src", "__generated__");
    const operations = readdirSync(generated).filter((file) => /(Query|Mutation)\.graphql\.ts$/.test(file));
    expect(operations.length).toBeGreaterThan(10);
    for (const file of operations) {
      const { params } = (await import(join(generated, file))).default as { params: { id: string; text: string } };
      expect(persisted[params.id], file).toBe(params.text);
    }
  });
});
