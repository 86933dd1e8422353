// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import { uniqueEmail } from "../harness";
import { liveProject, type LiveProject } from "./fixture";

/**
 * Key table: rotation with a grace period, last use and uses in 24 hours, and the
 * limits on keys, each tried as the attack it defends against over HTTP.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: "apiKeysPerProject=6" });
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const KEY = `id key description expires createdAt updatedAt lastUsedAt usesLast24h`;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const owner = () => ({ token: p.owner.token });
const create = (input: Record<string, unknown>, auth: { token?: string; apiKey?: string } = owner()) =>
  p.call(`mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { ${KEY} } }`, { input }, auth);
const rotate = (id: string, graceDays: number, auth: { token?: string; apiKey?: string } = owner()) =>
  p.call(`mutation ($input: RotateApiKeyInput!) { rotateApiKey(input: $input) { ${KEY} } }`, { input: { id, graceDays } }, auth);
const works = async (apiKey: string) => (await p.call(`{ listAuthor { items { id } } }`, {}, { apiKey })).status === 200;
const listed = async () => (await p.call(`{ listApiKey { items { ${KEY} } } }`, {}, owner())).data.listApiKey.items as { id: string; expires: number; lastUsedAt: string | null; usesLast24h: number; description: string }[];
const removeAll = async (ids: string[]) =>
  p.call(`mutation ($input: [DeleteApiKeyInput!]!) { batchDeleteApiKey(input: $input) { id } }`, { input: ids.map((id) => ({ id })) }, owner());

async function member(roleType: "DEV" | "CONTENT" | "GUEST") {
  const user = await p.t.signUp(uniqueEmail(roleType.toLowerCase()));
  await insertRole(p.t.platform.db, { orgId: p.orgId, email: user.email, type: roleType });
  return { token: user.token };
}

describe("rotateApiKey", () => {
  it("makes a working successor and keeps the old key for the grace period only", async () => {
    const old = (await create({ description: "mobile", expires: now() + 90 * DAY })).data.createApiKey;
    const rotated = await rotate(old.id, 3);
    expect(rotated.errors).toBeUndefined();
    const successor = rotated.data.rotateApiKey;
    expect(successor.id).not.toBe(old.id);
    expect(successor.description).toBe("mobile");
    // The successor is made for as long as the old key was.
    expect(Math.abs(successor.expires - (now() + 90 * DAY))).toBeLessThan(60);
    expect(await works(successor.key)).toBe(true);
    expect(await works(old.key)).toBe(true);
    const oldNow = (await listed()).find((key) => key.id === old.id)!;
    expect(Math.abs(oldNow.expires - (now() + 3 * DAY))).toBeLessThan(60);
    await removeAll([old.id, successor.id]);
  });

  it("with 0 days the old key stops working at once", async () => {
    const old = (await create({})).data.createApiKey;
    expect(await works(old.key)).toBe(true);
    const successor = (await rotate(old.id, 0)).data.rotateApiKey;
    expect(await works(old.key)).toBe(false);
    expect(await works(successor.key)).toBe(true);
    await removeAll([old.id, successor.id]);
  });

  it("never lengthens a key that expires before the grace period ends", async () => {
    const old = (await create({ expires: now() + 2 * DAY })).data.createApiKey;
    const successor = (await rotate(old.id, 30)).data.rotateApiKey;
    const oldNow = (await listed()).find((key) => key.id === old.id)!;
    expect(oldNow.expires).toBe(old.expires);
    await removeAll([old.id, successor.id]);
  });

  it("refuses a grace period outside 0–30 days and changes nothing", async () => {
    const old = (await create({})).data.createApiKey;
    const before = (await listed()).length;
    for (const days of [31, -1]) {
      const result = await rotate(old.id, days);
      expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_api_key_grace_days" });
    }
    expect((await listed()).length).toBe(before);
    expect(await works(old.key)).toBe(true);
    await removeAll([old.id]);
  });

  it("DEV rotates; CONTENT, a guest, an API key and a member of another workspace do not", async () => {
    const old = (await create({})).data.createApiKey;
    const dev = await member("DEV");
    const byDev = await rotate(old.id, 1, dev);
    expect(byDev.errors).toBeUndefined();
    for (const auth of [await member("CONTENT"), await member("GUEST"), { apiKey: p.apiKey }]) {
      expect((await rotate(old.id, 1, auth)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    await p.t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Other Co" } }, stranger.token);
    const byStranger = await rotate(old.id, 1, { token: stranger.token });
    expect(byStranger.status === 403 || byStranger.errors?.[0].extensions?.code === "FORBIDDEN").toBe(true);
    await removeAll([old.id, byDev.data.rotateApiKey.id]);
  });

  it("a key of another project neither works here nor is found by its id", async () => {
    const other = await p.t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: p.orgId, name: "Other" } }, p.owner.token);
    const otherApiId = other.data.createApi.api.id as string;
    const foreign = await p.t.platform.apiKeys.insertKey(p.t.platform.db, otherApiId);
    expect(await works(foreign.key)).toBe(false);
    const result = await rotate(foreign.id, 1);
    expect(result.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("last use and uses in the last 24 hours", () => {
  it("counts each request the key authenticates, and nothing for a refused key", async () => {
    const key = (await create({ description: "counted" })).data.createApiKey;
    expect(key).toMatchObject({ lastUsedAt: null, usesLast24h: 0 });
    for (let i = 0; i < 3; i++) await works(key.key);
    await works("da2-not-a-key");
    const seen = (await listed()).find((row) => row.id === key.id)!;
    expect(seen.usesLast24h).toBe(3);
    expect(Math.abs(Date.parse(seen.lastUsedAt!) - Date.now())).toBeLessThan(60_000);
    await removeAll([key.id]);
  });

  it("writes the uses counted in memory within a second, also when nobody reads them", async () => {
    const key = (await create({ description: "written" })).data.createApiKey;
    for (let i = 0; i < 2; i++) await works(key.key);
    const written = async () =>
      (await sql<{ uses: number }>`select coalesce(sum(uses), 0)::int as uses from project_api_key_uses where key_id = ${key.id}`.execute(p.t.platform.db)).rows[0].uses;
    await expect.poll(written, { timeout: 5_000 }).toBe(2);
    await removeAll([key.id]);
  });

  it("drops the uses of a key deleted before they are written, and still writes the others'", async () => {
    const kept = (await create({ description: "kept" })).data.createApiKey;
    const gone = (await create({ description: "gone" })).data.createApiKey;
    await works(kept.key);
    await works(gone.key);
    await removeAll([gone.id]);
    const seen = (await listed()).find((row) => row.id === kept.id)!;
    expect(seen.usesLast24h).toBe(1);
    await removeAll([kept.id]);
  });
});

describe("limits on keys", () => {
  it("refuses a description longer than 256 characters", async () => {
    const result = await create({ description: "x".repeat(257) });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_api_key_description_length" });
  });

  it("refuses a key beyond apiKeysPerProject unexpired keys, by create and by rotate", async () => {
    const existing = (await listed()).filter((key) => key.expires > now()).length;
    const made: string[] = [];
    for (let i = existing; i < 6; i++) made.push((await create({ description: `fill ${i}` })).data.createApiKey.id);
    const beyond = await create({ description: "one too many" });
    expect(beyond.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_api_key_limit" });
    const rotated = await rotate(made[0], 1);
    expect(rotated.errors?.[0].extensions?.messageId).toBe("error_api_key_limit");
    await removeAll(made);
  });
});

describe("the settings screen's viewerCan… fields", () => {
  it("say what the key mutations and updateApi allow each role", async () => {
    const ask = async (token: string) =>
      (await p.t.graphql(`query ($id: ID!) { api(id: $id) { viewerCanEditSettings viewerCanEditApiKeys viewerCanDeleteApiKeys viewerCanDelete } }`, { id: p.apiId }, token)).data.api;
    expect(await ask(p.owner.token)).toEqual({ viewerCanEditSettings: true, viewerCanEditApiKeys: true, viewerCanDeleteApiKeys: true, viewerCanDelete: true });
    expect(await ask((await member("DEV")).token)).toEqual({ viewerCanEditSettings: true, viewerCanEditApiKeys: true, viewerCanDeleteApiKeys: false, viewerCanDelete: false });
    expect(await ask((await member("CONTENT")).token)).toEqual({ viewerCanEditSettings: false, viewerCanEditApiKeys: false, viewerCanDeleteApiKeys: false, viewerCanDelete: false });
  });
});
