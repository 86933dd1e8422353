// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
const clients: Client[] = [];
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await p?.t.close();
});

function subscribe(query: string, connectionParams: Record<string, string>) {
  const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
  clients.push(client);
  const results: any[] = [];
  const ended = new Promise<unknown>((resolve) => client.subscribe({ query }, { next: (result) => void results.push(result), error: resolve, complete: () => resolve(undefined) }));
  return { results, ended };
}

describe("subscriptions onCreate/onUpdate/onDelete per table over graphql-ws on /p/<apiId>/graphql", () => {
  it("tells an API-key subscriber about each committed create, update and delete", async () => {
    const created = subscribe(`subscription { onCreateAuthor { id name } }`, { "x-api-key": p.apiKey });
    const updated = subscribe(`subscription { onUpdateAuthor { id age } }`, { "x-api-key": p.apiKey });
    const deleted = subscribe(`subscription { onDeleteAuthor { id } }`, { "x-api-key": p.apiKey });
    // graphql-ws does not say when a subscription is registered: write until the first is heard.
    const ids: string[] = [];
    await expect
      .poll(async () => {
        const result = await p.call(`mutation { createAuthor(input: { name: "Heard" }) { id } }`);
        ids.push(result.data.createAuthor.id);
        return created.results.length;
      }, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    expect(created.results[0].data.onCreateAuthor.name).toBe("Heard");
    const id = ids.at(-1)!;
    await expect
      .poll(async () => {
        await p.call(`mutation ($id: ID!) { updateAuthor(input: { id: $id, age: 9 }) { id } }`, { id });
        return updated.results.length;
      }, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    expect(updated.results[0].data.onUpdateAuthor).toEqual({ id, age: 9 });
    await p.call(`mutation ($id: ID!) { deleteAuthor(input: { id: $id }) { id } }`, { id });
    await expect.poll(() => deleted.results.map((result) => result.data.onDeleteAuthor.id), { timeout: 20_000 }).toContain(id);
  });

  it("tells of a batch's entries once each, in order, each with its own sequence, and resumes within a batch", async () => {
    const created = subscribe(`subscription { onCreateAuthor { name } }`, { "x-api-key": p.apiKey });
    const deleted = subscribe(`subscription { onDeleteAuthor { id } }`, { "x-api-key": p.apiKey });
    await expect
      .poll(async () => {
        await p.call(`mutation { createAuthor(input: { name: "probe" }) { id } }`);
        return created.results.length;
      }, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    const marker = await p.call(`mutation { createAuthor(input: { name: "marker" }) { id } }`);
    await expect.poll(() => created.results.at(-1)?.data.onCreateAuthor.name, { timeout: 20_000 }).toBe("marker");
    created.results.length = 0;
    const names = Array.from({ length: 30 }, (_, index) => `batch ${index}`);
    const batch = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`, { input: names.map((name) => ({ name })) });
    await expect.poll(() => created.results.length, { timeout: 20_000 }).toBe(30);
    expect(created.results.map((result) => result.data.onCreateAuthor.name)).toEqual(names);
    const sequences: number[] = created.results.map((result) => result.extensions.sequence);
    expect(sequences.every((sequence, index) => index === 0 || sequence === sequences[index - 1] + 1)).toBe(true);

    const ids: string[] = batch.data.batchCreateAuthor.map((author: { id: string }) => author.id);
    await p.call(`mutation ($input: [DeleteAuthorInput!]!) { batchDeleteAuthor(input: $input) { id } }`, { input: [marker.data.createAuthor.id, ...ids].map((id) => ({ id })) });
    await expect.poll(() => deleted.results.length, { timeout: 20_000 }).toBe(31);

    // A client that saw the batch up to its 10th entry hears the other 20 on reconnecting, once each.
    const resumed = subscribe(`subscription { onCreateAuthor { name } }`, { "x-api-key": p.apiKey, lastSequence: String(sequences[9]) });
    await expect.poll(() => resumed.results.length, { timeout: 20_000 }).toBe(20);
    expect(resumed.results.map((result) => result.data.onCreateAuthor.name)).toEqual(names.slice(10));
    expect(resumed.results.map((result) => result.extensions.sequence)).toEqual(sequences.slice(10));
  });

  it("hears nothing of a refused write", async () => {
    const created = subscribe(`subscription { onCreateBook { title } }`, { "x-api-key": p.apiKey });
    await expect
      .poll(async () => {
        await p.call(`mutation { createBook(input: { title: "probe" }) { id } }`);
        return created.results.length;
      }, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    created.results.length = 0;
    await p.call(`mutation { createBook(input: { title: "bad", authorId: "missing" }) { id } }`);
    await p.call(`mutation { createBook(input: { title: "after" }) { id } }`);
    await expect.poll(() => created.results.map((result) => result.data.onCreateBook.title), { timeout: 20_000 }).toContain("after");
    expect(created.results.map((result) => result.data.onCreateBook.title)).not.toContain("bad");
  });

  it("refuses a subscriber with an unknown key", async () => {
    const refused = subscribe(`subscription { onCreateAuthor { id } }`, { "x-api-key": "da2-unknown" });
    const error = (await refused.ended) as { message?: string }[] | undefined;
    expect(JSON.stringify(error)).toContain("error_api_key_invalid");
  });
});
