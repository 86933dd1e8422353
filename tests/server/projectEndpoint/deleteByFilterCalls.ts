import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { expect } from "vitest";

/** The calls both delete-by-filter test files make: the mutation, its progress and counts. */
export const DELETE = `mutation ($filter: String, $deletionId: ID) { deleteTypes(ofType: "Author", filter: $filter, deletionId: $deletionId) { deletedCount } }`;
export const PROGRESS = `subscription { onDeleteTypesProgress(ofType: "Author") { deletionId deleted total finished } }`;
export const COUNT = `query ($filter: String) { listTypes(ofType: "Author", filter: $filter, limit: 1000) { items { id } nextToken } }`;

export type Progress = { deletionId: string; deleted: number; total: number; finished: boolean };
export type Call = (query: string, variables?: Record<string, unknown>) => Promise<any>;

const clients: Client[] = [];
/** Closes every progress subscription opened by watchProgress (a file's afterAll). */
export const closeProgressClients = () => Promise.all(clients.splice(0).map((client) => client.dispose()));

export function watchProgress(url: string, apiId: string, apiKey: string) {
  const client = createClient({ url: `${url.replace("http", "ws")}/p/${apiId}/graphql`, webSocketImpl: WebSocket, connectionParams: { "x-api-key": apiKey }, retryAttempts: 0 });
  clients.push(client);
  const heard: Progress[] = [];
  client.subscribe({ query: PROGRESS }, { next: (result) => void heard.push((result.data as { onDeleteTypesProgress: Progress }).onDeleteTypesProgress), error: () => {}, complete: () => {} });
  return heard;
}

/** graphql-ws does not say when a subscription is registered: delete nothing until that is heard. */
export async function untilListening(call: Call, heard: Progress[]) {
  await expect
    .poll(async () => {
      await call(DELETE, { filter: JSON.stringify({ age: { eq: -1 } }), deletionId: "listening" });
      return heard.some((progress) => progress.deletionId === "listening");
    }, { timeout: 20_000, interval: 200 })
    .toBe(true);
}

export async function createAuthors(call: Call, count: number, age: number) {
  for (let start = 0; start < count; start += 100) {
    const items = Array.from({ length: Math.min(100, count - start) }, (_, n) => ({ fields: JSON.stringify({ name: `Author ${start + n}`, age }) }));
    const result = await call(`mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Author", items: $items) { id } }`, { items });
    expect(result.errors).toBeUndefined();
  }
}

export async function countAuthors(call: Call, filter: object) {
  let count = 0;
  let nextToken: string | null = null;
  do {
    const result: any = await call(`query ($filter: String, $nextToken: String) { listTypes(ofType: "Author", filter: $filter, limit: 1000, nextToken: $nextToken) { items { id } nextToken } }`, {
      filter: JSON.stringify(filter),
      nextToken,
    });
    count += result.data.listTypes.items.length;
    nextToken = result.data.listTypes.nextToken;
  } while (nextToken);
  return count;
}

export async function removeActivities(call: Call) {
  let count = 0;
  let nextToken: string | null = null;
  do {
    const result: any = await call(`query ($nextToken: String) { listActivity(limit: 1000, nextToken: $nextToken) { items { eventName } nextToken } }`, { nextToken });
    count += result.data.listActivity.items.filter((item: { eventName: string }) => item.eventName === "REMOVE").length;
    nextToken = result.data.listActivity.nextToken;
  } while (nextToken);
  return count;
}
