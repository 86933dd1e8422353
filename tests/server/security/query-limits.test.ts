// @vitest-environment node
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

/*
 * "Any caller can stop the server with one query". Each attack below took the
 * server down or blocked it before the limits (server/graphql/limits.ts) existed.
 */
let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  ({ token } = await t.signUp(uniqueEmail("limits")));
});
afterAll(async () => {
  await t?.close();
});

/** `org { apis { edges { node { org { apis … } } } } }`, as the review sent it. */
function nestedOrgApis(levels: number) {
  let selection = "id";
  for (let level = 0; level < levels; level++) selection = `org(id: "org_x") { apis { edges { node { ${selection} } } } }`;
  return `{ ${selection} }`;
}

const limitErrors = (errors: { message: string; extensions?: Record<string, unknown> }[] | undefined) =>
  (errors ?? []).filter((error) => error.extensions?.messageId === "error_query_limit");

describe("query limits on /graphql", () => {
  it("refuses the 30-level nested query with an error naming the limit", async () => {
    const { errors } = await t.graphql(nestedOrgApis(30), {}, token);
    expect(limitErrors(errors)[0]?.message).toMatch(/(depth|Cost) limit of \d+ exceeded/);
  });

  it("refuses a valid query one level deeper than the console's deepest, and keeps the console's depth", async () => {
    const tooDeep = `{ viewer { roles { edges { node { org { apis { edges { node { id } } } } } } } } }`;
    const { errors } = await t.graphql(tooDeep, {}, token);
    expect(limitErrors(errors)[0]?.message).toMatch(/depth limit of 8 exceeded, found 9/);
    // apis(first: 1): without a size, 100 roles × 50 projects (the schema's defaults) would be priced over the cost limit.
    const consoleDepth = `{ viewer { roles { edges { node { org { apis(first: 1) { pageInfo { hasNextPage } } } } } } } }`;
    expect((await t.graphql(consoleDepth, {}, token)).errors).toBeUndefined();
  });

  it("counts list sizes into the cost", async () => {
    const costly = `{ rolesByOrg(orgId: "org_x", first: 100) { edges { node { org { apis(first: 100) { edges { node { id name state region } } } } } } } }`;
    const { errors } = await t.graphql(costly, {}, token);
    expect(limitErrors(errors)[0]?.message).toMatch(/Cost limit of 20000 exceeded/);
  });

  it("counts list sizes given as variables, and default sizes when none is given", async () => {
    // Eight levels deep, within the depth limit: only the cost can refuse these.
    const sized = `query ($n: Int) { viewer { roles(first: $n) { edges { node { org { apis(first: $n) { pageInfo { hasNextPage } } } } } } } }`;
    const large = await t.graphql(sized, { n: 100 }, token);
    expect(limitErrors(large.errors)[0]?.message).toMatch(/Cost limit of 20000 exceeded/);
    expect(large.data ?? null).toBeNull();
    expect((await t.graphql(sized, { n: 2 }, token)).errors).toBeUndefined();
    // The same query text, priced once as accepted, is priced again for other sizes.
    expect(limitErrors((await t.graphql(sized, { n: 100 }, token)).errors)[0]?.message).toMatch(/Cost limit of 20000 exceeded/);
    // Without first, roles lists 100 and apis 50 (the schema's defaults): priced as if asked for.
    const unsized = `{ viewer { roles { edges { node { org { apis { pageInfo { hasNextPage } } } } } } } }`;
    expect(limitErrors((await t.graphql(unsized, {}, token)).errors)[0]?.message).toMatch(/Cost limit of 20000 exceeded/);
  });

  it("refuses 5,000 aliases, and 16 aliases by the alias limit", async () => {
    const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: viewer { id }`).join(" ")} }`;
    const many = await t.graphql(aliases(5000), {}, token);
    expect(limitErrors(many.errors)[0]?.message).toMatch(/limit/i);
    expect(many.data ?? null).toBeNull();
    const sixteen = await t.graphql(aliases(16), {}, token);
    expect(limitErrors(sixteen.errors)[0]?.message).toMatch(/Aliases limit of 15 exceeded/);
  });

  it("refuses too many directives", async () => {
    const directives = Array.from({ length: 11 }, () => "@include(if: true)").join(" ");
    const { errors } = await t.graphql(`{ viewer { id ${directives} } }`, {}, token);
    expect(limitErrors(errors)[0]?.message).toMatch(/Directives limit of 10 exceeded/);
  });

  it("answers a 20 MB body with 413 without reading it", async () => {
    const body = JSON.stringify({ query: `{ viewer { id } }`, variables: { padding: "x".repeat(20 * 1024 * 1024) } });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server closes the connection after its answer; the rest of the upload then fails.
      req.on("error", (error) => (req.writableEnded ? undefined : reject(error)));
      req.end(body);
    });
    expect(status).toBe(413);
  });

  it("keeps answering /healthz while 20 clients send refused queries", async () => {
    const attack = nestedOrgApis(30);
    let stop = false;
    const clients = Array.from({ length: 20 }, async () => {
      let refused = 0;
      while (!stop) {
        const { errors } = await t.graphql(attack, {}, token);
        if (limitErrors(errors).length) refused++;
      }
      return refused;
    });
    const health: number[] = [];
    for (let probe = 0; probe < 10; probe++) health.push((await fetch(`${t.url}/healthz`)).status);
    stop = true;
    const refused = await Promise.all(clients);
    expect(health).toEqual(Array(10).fill(200));
    expect(Math.min(...refused)).toBeGreaterThan(0);
  });
});

describe("what callers who are not signed in learn about the schema", () => {
  it("gets no introspection", async () => {
    const query = `{ __schema { types { name } } }`;
    const anonymous = await t.graphql(query);
    expect(anonymous.data ?? null).toBeNull();
    expect(anonymous.errors?.[0].message).toMatch(/introspection/i);
    const signedIn = await t.graphql(query, {}, token);
    expect(signedIn.data?.__schema.types.length).toBeGreaterThan(10);
  });

  it("gets no field suggestions", async () => {
    const query = `{ viewr { id } }`;
    const anonymous = await t.graphql(query);
    expect(anonymous.errors?.[0].message).toMatch(/Cannot query field "viewr"/);
    expect(anonymous.errors?.[0].message).not.toMatch(/Did you mean/);
    const signedIn = await t.graphql(query, {}, token);
    expect(signedIn.errors?.[0].message).toMatch(/Did you mean "viewer"/);
  });
});
