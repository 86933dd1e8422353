// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField, addResolver, updateResolver, type ResolverPatch, type SchemaModel } from "../../../src/domain/model";
import { GENEROUS_LIMITS } from "../limits";
import { libraryModel, liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { uploadFunction } from "./functionClient";

/**
 * Triggers (spec §3 Resolver) through the project endpoint: a before trigger changes or refuses
 * the input, an after trigger changes the result; they come from the live version's model.
 */
let p: LiveProject;
let version = 1;
beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},functionCpuMs=500,functionWallMs=3000,triggerReplayEvents=3` });
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

/** The library model with these triggers on Author, made live as the next version (a republish). */
async function liveWithTriggers(...triggers: ResolverPatch[]) {
  let model: SchemaModel = libraryModel();
  // A password field, so the kept trigger events show it redacted.
  model = addField(model, model.objectTypes.find((type) => type.name === "Author")!.id, { name: "password", type: "String" }).model;
  const authorId = model.objectTypes.find((type) => type.name === "Author")!.id;
  for (const patch of triggers) {
    const added = addResolver(model, authorId);
    model = updateResolver(added.model, authorId, added.id, patch);
  }
  version += 1;
  await p.goLive(model, version);
}

const createAuthor = (name: string, age?: number) =>
  p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id name age } }`, { input: { name, ...(age === undefined ? {} : { age }) } });
const names = async () => (await p.call(`{ listAuthor(limit: 100) { items { name } } }`)).data.listAuthor.items.map((item: { name: string }) => item.name).sort();
const logsOf = async (key: string) => (await p.call(`{ listCloudFunctionLog(key: "${key}", first: 10) { items { source status error } } }`, {}, { token: p.owner.token })).data.listCloudFunctionLog.items;

describe("triggers on the project endpoint", () => {
  it("a before create trigger changes the input; a trigger takes effect only once its version is live", async () => {
    await uploadFunction(p, "shout.js", "exports.handler = (event) => ({ ...event.input, name: event.input.name.toUpperCase() });");
    expect((await createAuthor("quiet before")).data.createAuthor.name).toBe("quiet before");
    await liveWithTriggers({ name: "shout", step: "before", types: ["create"], archive: "shout.js" });
    const created = await createAuthor("ada");
    expect(created.errors).toBeUndefined();
    expect(created.data.createAuthor.name).toBe("ADA");
    // Only create runs it: an update keeps its input.
    const updated = await p.call(`mutation ($input: UpdateAuthorInput!) { updateAuthor(input: $input) { name } }`, { input: { id: created.data.createAuthor.id, name: "lower" } });
    expect(updated.data.updateAuthor.name).toBe("lower");
    expect((await logsOf("shout.js"))[0]).toMatchObject({ source: "trigger:Author:before:create", status: "ok" });
  });

  it("a before trigger that throws refuses the operation with its message, and nothing is written", async () => {
    await uploadFunction(p, "guard.js", "exports.handler = (event) => { if (event.input.name === 'Mallory') throw new Error('Mallory may not be an author.'); };");
    await liveWithTriggers({ name: "guard", step: "before", types: ["create", "update"], archive: "guard.js" });
    const before = await names();
    const refused = await createAuthor("Mallory");
    expect(refused.data?.createAuthor ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ message: "Mallory may not be an author.", extensions: { code: "BAD_USER_INPUT", messageId: "error_trigger_refused", trigger: "guard" } });
    expect(await names()).toEqual(before);
    // Returning nothing keeps the input as it was.
    expect((await createAuthor("Alice")).data.createAuthor.name).toBe("Alice");
  });

  it("an after trigger changes the result of a create and of a list", async () => {
    await uploadFunction(p, "annotate.mjs", `export const handler = (event) => {
      if (event.type === "list") return { items: event.result.items.filter((a) => a.name !== "hidden").map((a) => ({ ...a, name: a.name + " (listed)" })) };
      return { ...event.result, name: event.result.name + " (after)" };
    };`);
    await liveWithTriggers({ name: "annotate", step: "after", types: ["create", "list"], archive: "annotate.mjs" });
    const created = await createAuthor("Grace");
    expect(created.data.createAuthor.name).toBe("Grace (after)");
    await createAuthor("hidden");
    const listed = await p.call(`{ listAuthor(limit: 100) { items { id name } } }`);
    expect(listed.errors).toBeUndefined();
    const listedNames = listed.data.listAuthor.items.map((item: { name: string }) => item.name);
    expect(listedNames).toContain("Grace (listed)");
    expect(listedNames.some((name: string) => name.startsWith("hidden"))).toBe(false);
  });

  it("a slow or failing trigger fails only its own request; other tables and requests go on", async () => {
    await uploadFunction(p, "spin.js", "exports.handler = () => { while (true) {} };");
    await liveWithTriggers({ name: "spin", step: "before", types: ["create"], archive: "spin.js" });
    const [slow, other] = await Promise.all([
      createAuthor("never"),
      p.call(`mutation { createBook(input: { title: "Untouched", pages: 10 }) { title } }`),
    ]);
    expect(slow.errors?.[0]).toMatchObject({ extensions: { code: "UNAVAILABLE", messageId: "error_trigger_failed", status: "timeout" } });
    expect(slow.errors?.[0].message).toMatch(/^The before trigger spin failed: The function ran longer than its time limit/);
    expect(other.data.createBook.title).toBe("Untouched");
    expect(await names()).not.toContain("never");
    expect((await fetch(`${p.t.url}/healthz`)).status).toBe(200);
  });

  it("a trigger naming a function that does not exist fails its request clearly", async () => {
    await liveWithTriggers({ name: "ghost", step: "before", types: ["create"], archive: "ghost.js" });
    const answer = await createAuthor("whoever");
    expect(answer.errors?.[0]).toMatchObject({ extensions: { messageId: "error_trigger_function_missing" } });
    expect(answer.errors?.[0].message).toMatch(/names the cloud function ghost.js/);
  });
});

describe("triggers on the console's generic Type model", () => {
  it("the data explorer's createType and updateType run the table's before triggers: changed input, refusal with its message, nothing written", async () => {
    await uploadFunction(p, "consoleShout.js", `exports.handler = (event) => {
      if (event.input.name === "Eve") throw new Error("Eve may not be an author.");
      return { ...event.input, name: event.input.name.toUpperCase() };
    };`);
    await liveWithTriggers({ name: "consoleShout", step: "before", types: ["create", "update"], archive: "consoleShout.js" });
    const create = (name: string) =>
      p.call(`mutation ($fields: String) { createType(ofType: "Author", fields: $fields) { id fields } }`, { fields: JSON.stringify({ name }) }, { token: p.owner.token });
    const created = await create("grace");
    expect(created.errors).toBeUndefined();
    expect(JSON.parse(created.data.createType.fields).name).toBe("GRACE");
    const updated = await p.call(`mutation ($id: ID!, $fields: String) { updateType(ofType: "Author", id: $id, fields: $fields) { fields } }`, { id: created.data.createType.id, fields: JSON.stringify({ name: "hopper" }) }, { token: p.owner.token });
    expect(JSON.parse(updated.data.updateType.fields).name).toBe("HOPPER");
    const before = await names();
    const refused = await create("Eve");
    expect(refused.errors?.[0]).toMatchObject({ message: "Eve may not be an author.", extensions: { messageId: "error_trigger_refused", trigger: "consoleShout", reason: "Eve may not be an author." } });
    expect(await names()).toEqual(before);
  });
});

describe("replay: a draft of a function against its kept trigger invocations", () => {
  const replay = (key: string, code: string) =>
    p.call(
      `mutation ($input: ReplayCloudFunctionInput!) { replayCloudFunction(input: $input) { trigger source event liveStatus liveOutput draftStatus draftOutput draftError cpuMs memoryBytes cpuLimitMs memoryLimitBytes changed } }`,
      { input: { key, body: Buffer.from(code).toString("base64") } },
      { token: p.owner.token },
    );

  it("runs the draft on the last N events (passwords redacted) beside the live answers, writes nothing and refuses context.graphql", async () => {
    await uploadFunction(p, "replayed.js", "exports.handler = (event) => ({ ...event.input, name: event.input.name.toUpperCase() });");
    await liveWithTriggers({ name: "replayed", step: "before", types: ["create"], archive: "replayed.js" });
    for (const name of ["one", "two", "three", "four"]) {
      const created = await p.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { name } }`, { input: { name, password: "hunter2" } });
      expect(created.errors).toBeUndefined();
    }
    const before = await names();
    const logsBefore = (await logsOf("replayed.js")).length;
    const draft = `exports.handler = async (event, context) => {
      const answer = await context.graphql('mutation { createAuthor(input: { name: "sneaky" }) { id } }');
      return { ...event.input, name: event.input.name + "!", bridge: answer.errors[0].extensions.code };
    };`;
    const answer = await replay("replayed.js", draft);
    expect(answer.errors).toBeUndefined();
    const replayed = answer.data.replayCloudFunction;
    // triggerReplayEvents=3: the oldest of the four is gone, newest first.
    expect(replayed).toHaveLength(3);
    expect(replayed[0]).toMatchObject({ trigger: "replayed", source: "Author:before:create", liveStatus: "ok", draftStatus: "ok", changed: true, cpuLimitMs: 500 });
    expect(JSON.parse(replayed[0].liveOutput)).toMatchObject({ name: "FOUR", password: "[redacted]" });
    expect(JSON.parse(replayed[0].draftOutput)).toMatchObject({ name: "four!", bridge: "FORBIDDEN" });
    expect(replayed.map((item: { event: string }) => JSON.parse(item.event).input.name)).toEqual(["four", "three", "two"]);
    expect(JSON.stringify(replayed)).not.toContain("hunter2");
    expect(replayed[0].memoryBytes).toBeGreaterThan(0);
    expect(replayed[0].memoryLimitBytes).toBeGreaterThan(replayed[0].memoryBytes);
    // Nothing written: no entry from the bridge, no log of the replay.
    expect(await names()).toEqual(before);
    expect((await logsOf("replayed.js")).length).toBe(logsBefore);

    // The same code as live: nothing changed.
    const same = await replay("replayed.js", "exports.handler = (event) => ({ ...event.input, name: event.input.name.toUpperCase() });");
    expect(same.data.replayCloudFunction.map((item: { changed: boolean }) => item.changed)).toEqual([false, false, false]);
    // A draft that loops is stopped at the limit, per event, and says so.
    const looping = await replay("replayed.js", "exports.handler = () => { while (true) {} };");
    expect(looping.data.replayCloudFunction[0]).toMatchObject({ draftStatus: "timeout", changed: true });
  });

  it("refuses an unknown function, a caller who may not upload, and a body that is not base64", async () => {
    expect((await replay("nothing.js", "x")).errors?.[0].extensions).toMatchObject({ messageId: "error_function_not_found" });
    const byKey = await p.call(`mutation ($input: ReplayCloudFunctionInput!) { replayCloudFunction(input: $input) { id } }`, { input: { key: "replayed.js", body: "" } }, null);
    expect(byKey.errors?.length).toBeGreaterThan(0);
    const notBase64 = await p.call(`mutation ($input: ReplayCloudFunctionInput!) { replayCloudFunction(input: $input) { id } }`, { input: { key: "replayed.js", body: "not base64!" } }, { token: p.owner.token });
    expect(notBase64.errors?.[0].extensions).toMatchObject({ messageId: "error_file_body" });
  });
});
