// Publish time (goal: a 20-table model from mutation to PUBLISHED in <= 1 s on PGlite):
// from sending createPublishRun until onUpdateApi reports PUBLISHED, for 1 and 20 tables.
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { publishableModel } from "../../tests/server/publishing/models";
import { createUserWithWorkspace, type BenchServer } from "./platform";

const RUNS = 5;
const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`;
const UPDATE_API = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`;
const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`;
const ON_UPDATE_API = `subscription ($id: ID!) { onUpdateApi(id: $id) { id state } }`;

export async function benchPublish(server: BenchServer, email: string, label: string) {
  const { token, orgId, call } = await createUserWithWorkspace(server.base, email);
  const ws = createClient({ url: new URL("/graphql", server.base).href.replace("http", "ws"), webSocketImpl: WebSocket, connectionParams: { Authorization: token } });
  try {
    for (const tables of [1, 20]) {
      const created = await call(CREATE_API, { input: { orgId, name: `Publish ${tables}` } });
      const apiId = created.createApi.api.id as string;
      await call(UPDATE_API, { input: { id: apiId, schema: JSON.stringify(publishableModel(tables - 1)) } });
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push(await timePublish(ws, call, apiId));
      times.sort((a, b) => a - b);
      console.log(
        `${label} publish, ${tables} table${tables === 1 ? "" : "s"}: p50 ${times[Math.floor(RUNS / 2)].toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${RUNS} runs (target <= 1000 ms)`,
      );
    }
  } finally {
    await ws.dispose();
  }
}

/** Listens first (the current state arrives at once), then publishes and waits for PUBLISHED. */
async function timePublish(ws: ReturnType<typeof createClient>, call: (query: string, variables: object) => Promise<any>, apiId: string) {
  let started = 0;
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const published = new Promise<number>((resolve, reject) => {
    const stop = ws.subscribe<{ onUpdateApi: { state: string } }>(
      { query: ON_UPDATE_API, variables: { id: apiId } },
      {
        next: ({ data }) => {
          const state = data?.onUpdateApi.state;
          if (!started) return listening();
          if (state === "PUBLISHED" || state === "PUBLISHING_FAILED") {
            stop();
            if (state === "PUBLISHED") resolve(performance.now() - started);
            else reject(new Error(`publishing ${apiId} failed`));
          }
        },
        error: reject,
        complete: () => {},
      },
    );
  });
  await ready;
  started = performance.now();
  await call(PUBLISH, { input: { apiId } });
  return published;
}
