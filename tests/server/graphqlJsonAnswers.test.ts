// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

/*
 * The console's usual request — a POST of JSON asking for JSON — and every other request are
 * answered by one yoga behind the router (server/http/). Both kinds must answer alike, and what
 * the server remembers about a document (its parse and validation caches) must never carry one
 * caller's rights over to another.
 */
let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  ({ token } = await t.signUp(uniqueEmail("fastpath")));
});
afterAll(async () => {
  await t?.close();
});

async function post(body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

describe("the platform endpoint's JSON answers", () => {
  it("answers a plain JSON request in one body with its Content-Length, as yoga answers it", async () => {
    const query = { query: `query ($first: Int) { viewer { email roles(first: $first) { edges { node { id } } } } }`, variables: { first: 5 } };
    const fast = await post(query, { authorization: token, accept: "application/json" });
    // Another accepted type is yoga's to answer: the same data.
    const viaYoga = await post(query, { authorization: token, accept: "application/graphql-response+json" });
    expect(fast.status).toBe(200);
    expect(fast.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(fast.headers.get("content-length")).toBe(String(Buffer.byteLength(fast.text)));
    expect(fast.body.data.viewer.email).toMatch(/^fastpath/);
    expect(fast.body).toEqual(viaYoga.body);
  });

  it("keeps the edge's security headers on its answers", async () => {
    const { headers } = await post({ query: `{ viewer { id } }` }, { authorization: token });
    const viaYoga = await post({ query: `{ viewer { id } }` }, { authorization: token, accept: "application/graphql-response+json" });
    for (const name of ["x-content-type-options", "content-security-policy", "referrer-policy"]) {
      expect(headers.get(name)).toBe(viaYoga.headers.get(name));
    }
  });

  it("refuses introspection to an anonymous caller after a signed-in caller's same query was answered", async () => {
    const introspection = { query: `{ __schema { queryType { name } } }` };
    const member = await post(introspection, { authorization: token });
    expect(member.body.data.__schema.queryType.name).toBe("Query");
    const anonymous = await post(introspection);
    expect(anonymous.body.data).toBeUndefined();
    expect(anonymous.body.errors?.[0].message).toMatch(/introspection is only available when signed in/);
  });

  it("refuses a signed-in caller's forbidden read with the server's error, also the second time", async () => {
    const other = await t.signUp(uniqueEmail("fastpath-other"));
    const created = await post({ query: `mutation { createOrg(input: { name: "Theirs" }) { org { id } } }` }, { authorization: other.token });
    const orgId = created.body.data.createOrg.org.id;
    for (let i = 0; i < 2; i++) {
      const { status, body } = await post({ query: `query ($id: ID!) { org(id: $id) { name } }`, variables: { id: orgId } }, { authorization: token });
      expect(status).toBe(200);
      expect(body.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
      expect(JSON.stringify(body)).not.toContain("Theirs");
    }
  });

  it("leaves malformed requests to yoga, which refuses them as before", async () => {
    const unknownParameter = await post({ query: `{ viewer { id } }`, extra: 1 }, { authorization: token });
    expect(unknownParameter.status).toBe(400);
    const syntax = await post({ query: `{ viewer { id }` }, { authorization: token });
    expect(syntax.body.errors?.[0].message).toMatch(/Syntax Error/);
  });

  it("keeps a text that failed to parse a 400 for application/graphql-response+json after it was sent as JSON", async () => {
    // The parser cache must not hand a second request the first one's error answer in the wrong shape.
    const query = `{ viewer { id } broken`;
    const asJson = await post({ query }, { authorization: token });
    expect(asJson.status).toBe(200);
    expect(asJson.body.errors?.[0].extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    const asGraphqlResponse = await post({ query }, { authorization: token, accept: "application/graphql-response+json" });
    expect(asGraphqlResponse.status).toBe(400);
    expect(asGraphqlResponse.body.errors?.[0].message).toMatch(/Syntax Error/);
  });
});
