// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * 'rows that other people create … appear within a second (the table's
 * subscriptions)' — also the rows of someone's CSV import. An import announces each committed
 * batch once on the table's channel (onImportType), never one message per row.
 */
let p: LiveProject;
const clients: Client[] = [];
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await p?.t.close();
});

function subscribe(query: string) {
  const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, connectionParams: { "x-api-key": p.apiKey }, retryAttempts: 0 });
  clients.push(client);
  const results: any[] = [];
  client.subscribe({ query }, { next: (result) => void results.push(result), error: () => {}, complete: () => {} });
  return results;
}

const authors = (from: number, count: number) => {
  const lines = ["name,age"];
  for (let n = from; n < from + count; n++) lines.push(`Imported ${n},${n % 90}`);
  return `${lines.join("\n")}\n`;
};

describe("a CSV import on the table's subscriptions", () => {
  it("tells subscribers about each committed batch once, with the import's totals, and sends no per-row messages", { timeout: 120_000 }, async () => {
    const batches = subscribe(`subscription { onImportType(ofType: "Author") { importId ofType rowsWritten rowsDone rowsFailed finished } }`);
    const created = subscribe(`subscription { onCreateType(ofType: "Author") { id } }`);
    const csv = csvClient(p.t.url, p.apiId);
    const auth = { apiKey: p.apiKey };
    // graphql-ws does not say when a subscription is registered: import one row until it is heard.
    let probe = 0;
    await expect
      .poll(async () => {
        const upload = await csv.upload(authors(1_000_000 + probe++, 1), { table: "Author", auth });
        await csv.finished(upload.import.id, auth);
        return batches.length;
      }, { timeout: 30_000, interval: 200 })
      .toBeGreaterThan(0);
    batches.length = 0;

    // 4,500 rows and one refused (an age that is not a number): batches of 2,000, 2,000 and 501.
    const body = `${authors(0, 4_500)}Refused,not a number\n`;
    const upload = await csv.upload(body, { table: "Author", auth });
    expect(upload.status).toBe(201);
    const done = await csv.finished(upload.import.id, auth);
    expect(done).toMatchObject({ status: "DONE", rowsDone: 4_500, rowsFailed: 1 });
    await expect.poll(() => batches.length, { timeout: 10_000 }).toBe(3);
    const events = batches.map((result) => result.data.onImportType);
    expect(events.map((event) => event.rowsWritten)).toEqual([2_000, 2_000, 500]);
    expect(events.map((event) => event.rowsDone)).toEqual([2_000, 4_000, 4_500]);
    expect(events.at(-1)).toEqual({ importId: upload.import.id, ofType: "Author", rowsWritten: 500, rowsDone: 4_500, rowsFailed: 1, finished: true });
    expect(events.slice(0, 2).every((event) => !event.finished)).toBe(true);
    expect(created).toEqual([]);
  });

  it("refuses the subscription without credentials", async () => {
    const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    clients.push(client);
    const outcome = await new Promise<unknown>((resolve) =>
      client.subscribe({ query: `subscription { onImportType(ofType: "Author") { importId } }` }, { next: resolve, error: resolve, complete: () => resolve("complete") }),
    );
    expect(JSON.stringify(outcome)).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });
});
