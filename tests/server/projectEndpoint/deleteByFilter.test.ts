import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE_CHUNK } from "../../../server/projectEndpoint/entries/entries";
import { liveProject, type LiveProject } from "./fixture";
import { closeProgressClients, COUNT, countAuthors, createAuthors, DELETE, removeActivities, untilListening, watchProgress, type Call } from "./deleteByFilterCalls";

/**
 * 'every row matching the current filter, done on the server in one request with a
 * progress bar'. The server deletes in chunks, each its own transaction, and announces
 * deleted/total after each; what a kill midway leaves is docs/DECISIONS.md's promise
 * (deleteByFilter-killed.soak.test.ts).
 */

afterAll(closeProgressClients);

describe("delete by filter in chunks with progress", () => {
  let p: LiveProject;
  beforeAll(async () => {
    p = await liveProject();
  }, 60_000);
  afterAll(() => p?.t.close());
  const call: Call = (query, variables) => p.call(query, variables);

  it("announces deleted of total after each committed chunk and deletes only what matched when it started", { timeout: 120_000 }, async () => {
    const heard = watchProgress(p.t.url, p.apiId, p.apiKey);
    await untilListening(call, heard);
    const total = 2 * DELETE_CHUNK + 200;
    await createAuthors(call, total, 70);
    await createAuthors(call, 3, 20);
    const matching = { age: { eq: 70 } };

    // An author created while the deletion runs matches the filter, but was not there when it started.
    const deletion = call(DELETE, { filter: JSON.stringify(matching), deletionId: "bulk-1" });
    await expect.poll(() => heard.some((progress) => progress.deletionId === "bulk-1"), { timeout: 60_000, interval: 20 }).toBe(true);
    const latecomer = await call(`mutation { createType(ofType: "Author", fields: "{\\"name\\":\\"Late\\",\\"age\\":70}") { id } }`);
    const result = await deletion;

    expect(result.data.deleteTypes.deletedCount).toBe(total);
    // The last progress travels over graphql-ws, which may arrive after the mutation's HTTP answer.
    await expect.poll(() => heard.filter((progress) => progress.deletionId === "bulk-1"), { timeout: 10_000, interval: 20 }).toEqual([
      { deletionId: "bulk-1", deleted: DELETE_CHUNK, total, finished: false },
      { deletionId: "bulk-1", deleted: 2 * DELETE_CHUNK, total, finished: false },
      { deletionId: "bulk-1", deleted: total, total, finished: true },
    ]);
    const left = await call(COUNT, { filter: JSON.stringify(matching) });
    expect(left.data.listTypes.items).toEqual([{ id: latecomer.data.createType.id }]);
    expect(await countAuthors(call, { age: { eq: 20 } })).toBe(3);
    expect(await removeActivities(call)).toBe(total);
  });

  it("refuses a deletion name that is not 1 to 64 letters, digits or dashes, and deletes nothing", async () => {
    await createAuthors(call, 2, 33);
    for (const deletionId of ["", "x".repeat(65), "a b"]) {
      const refused = await call(DELETE, { filter: JSON.stringify({ age: { eq: 33 } }), deletionId });
      expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_deletion_id_invalid" });
    }
    expect(await countAuthors(call, { age: { eq: 33 } })).toBe(2);
  });
});
