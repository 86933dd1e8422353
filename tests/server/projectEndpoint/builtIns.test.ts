// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import { uniqueEmail } from "../harness";
import { liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
const KEY = `id key description expires createdAt updatedAt`;

async function member(roleType: "DEV" | "CONTENT") {
  const user = await p.t.signUp(uniqueEmail(roleType.toLowerCase()));
  await insertRole(p.t.platform.db, { orgId: p.orgId, email: user.email, type: roleType });
  return { token: user.token };
}

describe("spec §7 'API keys use the same record calls with an ApiKey type'", () => {
  it("creates a key that works at once, lists it, updates it and deletes it", async () => {
    const owner = { token: p.owner.token };
    const created = await p.call(`mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { ${KEY} } }`, { input: { description: "CI", expires: inDays(30) } }, owner);
    expect(created.errors).toBeUndefined();
    const key = created.data.createApiKey;
    expect(key).toMatchObject({ description: "CI" });
    expect(Math.abs(key.expires - inDays(30))).toBeLessThan(5);
    expect((await p.call(`{ listAuthor { items { id } } }`, {}, { apiKey: key.key })).status).toBe(200);

    const listed = await p.call(`{ listApiKey { items { id key } nextToken } }`, {}, owner);
    expect(listed.data.listApiKey.items).toContainEqual({ id: key.id, key: key.key });
    // One key by id, as the console finds the default key on whichever page it is.
    expect((await p.call(`query ($id: ID!) { getApiKey(id: $id) { id key } }`, { id: key.id }, owner)).data.getApiKey).toEqual({ id: key.id, key: key.key });
    expect((await p.call(`{ getApiKey(id: "nobody") { id } }`, {}, owner)).data.getApiKey).toBeNull();
    expect((await p.call(`query ($id: ID!) { getApiKey(id: $id) { key } }`, { id: key.id })).errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const updated = await p.call(`mutation ($input: UpdateApiKeyInput!) { updateApiKey(input: $input) { description } }`, { input: { id: key.id, description: "CI 2" } }, owner);
    expect(updated.data.updateApiKey.description).toBe("CI 2");

    const deleted = await p.call(`mutation ($input: [DeleteApiKeyInput!]!) { batchDeleteApiKey(input: $input) { id } }`, { input: [{ id: key.id, key: key.key }] }, owner);
    expect(deleted.data.batchDeleteApiKey).toEqual([{ id: key.id }]);
    expect((await p.call(`{ listAuthor { items { id } } }`, {}, { apiKey: key.key })).status).toBe(401);
  });

  it("'expires is an integer from 1 to 365 days': refuses 366 days and the past", async () => {
    for (const expires of [inDays(366), inDays(-1)]) {
      const result = await p.call(`mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { id } }`, { input: { expires } }, { token: p.owner.token });
      expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_api_key_expires" });
    }
  });

  it("DEV adds keys but does not delete them; CONTENT does neither; an API key manages no keys", async () => {
    const dev = await member("DEV");
    const made = await p.call(`mutation { createApiKey(input: {}) { id } }`, {}, dev);
    expect(made.errors).toBeUndefined();
    const removal = await p.call(`mutation ($id: ID!) { batchDeleteApiKey(input: [{ id: $id }]) { id } }`, { id: made.data.createApiKey.id }, dev);
    expect(removal.errors?.[0].extensions?.messageId).toBe("error_api_management_requires_role");
    const content = await member("CONTENT");
    expect((await p.call(`mutation { createApiKey(input: {}) { id } }`, {}, content)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await p.call(`{ listApiKey { items { key } } }`)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("imported projects cannot manage keys (spec §6)", async () => {
    await p.t.platform.db.updateTable("apis").set({ creation_type: "IMPORT" }).where("id", "=", p.apiId).execute();
    try {
      const result = await p.call(`mutation { createApiKey(input: {}) { id } }`, {}, { token: p.owner.token });
      expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    } finally {
      await p.t.platform.db.updateTable("apis").set({ creation_type: "PUBLISH" }).where("id", "=", p.apiId).execute();
    }
  });
});

describe("spec §7 'Activities: list, limit 50, descending'", () => {
  it("lists the writes newest first, paged with nextToken", async () => {
    const created = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`, { input: Array.from({ length: 3 }, (_, index) => ({ name: `Act ${index}` })) });
    const last = created.data.batchCreateAuthor[2].id;
    await p.call(`mutation ($id: ID!) { updateAuthor(input: { id: $id, age: 5 }) { id } }`, { id: last });
    const first = await p.call(`{ listActivity(limit: 1) { items { eventName recordType recordId createdAt } nextToken } }`);
    expect(first.data.listActivity.items).toEqual([expect.objectContaining({ eventName: "MODIFY", recordType: "Author", recordId: last })]);
    const next = await p.call(`query ($t: String) { listActivity(limit: 3, nextToken: $t) { items { eventName } } }`, { t: first.data.listActivity.nextToken });
    expect(next.data.listActivity.items.map((item: { eventName: string }) => item.eventName)).toEqual(["INSERT", "INSERT", "INSERT"]);
  });
});
