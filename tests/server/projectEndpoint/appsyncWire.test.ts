// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { liveProject, type LiveProject } from "./fixture";
import { encodeHeader, openAppsyncSocket, type AppsyncSocket } from "./appsyncSocket";

/**
 * AppSync's wire protocol spoken by hand. HTTP: errorType and x-amzn-ErrorType, and CORS for
 * Amplify's headers. Realtime on /p/<apiId>/graphql/realtime: the `?header=` authorization of
 * older clients and the `header-…` subprotocol of Amplify 6, connection_ack and `ka`, start → start_ack → data with only the selected fields, a refused
 * start, stop → complete, and a refused connection.
 */
let p: LiveProject;
const sockets: AppsyncSocket[] = [];
beforeAll(async () => {
  // A short keep-alive, so the test hears `ka` repeated without waiting for the default.
  p = await liveProject(undefined, { LIMITS: "realtimeKeepAliveMs=200,realtimeSubscriptionsPerSocket=2" });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await p?.t.close();
});

const host = () => new URL(p.t.url).host;
const realtimeUrl = () => `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql/realtime`;

async function connect(headers: Record<string, string>, how: "query" | "protocol" = "query") {
  const socket =
    how === "query"
      ? await openAppsyncSocket(`${realtimeUrl()}?header=${encodeURIComponent(encodeHeader(headers, false))}&payload=e30=`)
      : await openAppsyncSocket(realtimeUrl(), ["graphql-ws", `header-${encodeHeader(headers)}`]);
  sockets.push(socket);
  socket.send({ type: "connection_init" });
  return socket;
}

const start = (socket: AppsyncSocket, id: string, query: string, authorization: Record<string, string>) =>
  socket.send({ id, type: "start", payload: { data: JSON.stringify({ query, variables: {} }), extensions: { authorization } } });

describe("AppSync realtime on /p/<apiId>/graphql/realtime", () => {
  it("acks a ?header= connection with its timeout, keeps it alive, and streams a start's events until stop", async () => {
    const auth = { host: host(), "x-api-key": p.apiKey };
    const socket = await connect(auth);
    expect(socket.ws.protocol).toBe("graphql-ws");
    const ack = await socket.next((m) => m.type === "connection_ack");
    expect(ack.payload.connectionTimeoutMs).toBe(300_000);
    // `ka` comes again and again, well within the timeout.
    await socket.next((m) => m.type === "ka");
    await expect.poll(() => socket.heard.filter((m) => m.type === "ka").length, { timeout: 10_000 }).toBeGreaterThan(2);

    start(socket, "sub-1", `subscription { onCreateAuthor { id name } }`, auth);
    await socket.next((m) => m.type === "start_ack" && m.id === "sub-1");
    const created = await p.call(`mutation { createAuthor(input: { name: "Ada", age: 36 }) { id } }`);
    const event = await socket.next((m) => m.type === "data" && m.id === "sub-1");
    expect(event.payload.data).toEqual({ onCreateAuthor: { id: created.data.createAuthor.id, name: "Ada" } });
    expect(event.payload.extensions.sequence).toEqual(expect.any(Number));

    socket.send({ id: "sub-1", type: "stop" });
    await socket.next((m) => m.type === "complete" && m.id === "sub-1");
    const heardBefore = socket.heard.filter((m) => m.type === "data").length;
    await p.call(`mutation { createAuthor(input: { name: "After stop" }) { id } }`);
    // A second subscription on the same socket hears the next write; the stopped one does not.
    start(socket, "sub-2", `subscription { onCreateAuthor { name } }`, auth);
    await socket.next((m) => m.type === "start_ack" && m.id === "sub-2");
    await p.call(`mutation { createAuthor(input: { name: "Second" }) { id } }`);
    await socket.next((m) => m.type === "data" && m.id === "sub-2");
    expect(socket.heard.filter((m) => m.type === "data" && m.id === "sub-1")).toHaveLength(heardBefore);
  });

  it("replays what a reconnecting client missed after the lastSequence its start names", async () => {
    const auth = { host: host(), "x-api-key": p.apiKey };
    const first = await connect(auth);
    await first.next((m) => m.type === "connection_ack");
    start(first, "before", `subscription { onCreateBook { title } }`, auth);
    await first.next((m) => m.type === "start_ack" && m.id === "before");
    await p.call(`mutation { createBook(input: { title: "Seen" }) { id } }`);
    const seen = await first.next((m) => m.type === "data" && m.payload.data.onCreateBook.title === "Seen");
    first.ws.close();
    await first.closed;
    await p.call(`mutation { createBook(input: { title: "Missed" }) { id } }`);
    const again = await connect(auth);
    await again.next((m) => m.type === "connection_ack");
    again.send({ id: "after", type: "start", payload: { data: JSON.stringify({ query: `subscription { onCreateBook { title } }` }), lastSequence: seen.payload.extensions.sequence, extensions: { authorization: auth } } });
    const replayed = await again.next((m) => m.type === "data" && m.id === "after");
    expect(replayed.payload.data).toEqual({ onCreateBook: { title: "Missed" } });

    // Once the log's retention dropped the missed event, the same start is refused, not sent live as if nothing was missed.
    await sql`delete from changes where seq <= ${String(seen.payload.extensions.sequence + 1)}`.execute(p.t.platform.db);
    again.send({ id: "stale", type: "start", payload: { data: JSON.stringify({ query: `subscription { onCreateBook { title } }` }), lastSequence: seen.payload.extensions.sequence, extensions: { authorization: auth } } });
    const refused = await again.next((m) => m.type === "error" && m.id === "stale");
    expect(refused.payload.errors).toEqual([expect.objectContaining({ errorType: "ResyncRequiredException" })]);
  });

  it("takes the credentials from the header- subprotocol and a member's raw token", async () => {
    const auth = { Authorization: p.owner.token, host: host() };
    const socket = await connect(auth, "protocol");
    expect(socket.ws.protocol).toBe("graphql-ws");
    await socket.next((m) => m.type === "connection_ack");
    start(socket, "member", `subscription { onCreateBook { title } }`, auth);
    await socket.next((m) => m.type === "start_ack" && m.id === "member");
    await p.call(`mutation { createBook(input: { title: "Heard" }) { id } }`);
    const event = await socket.next((m) => m.type === "data" && m.id === "member");
    expect(event.payload.data).toEqual({ onCreateBook: { title: "Heard" } });
  });

  it("refuses a start with an unknown key, a query that is not a subscription and one beyond the socket's limit, with an errorType each", async () => {
    const auth = { host: host(), "x-api-key": p.apiKey };
    const socket = await connect(auth);
    await socket.next((m) => m.type === "connection_ack");
    start(socket, "bad-key", `subscription { onCreateAuthor { id } }`, { host: host(), "x-api-key": "da2-unknown" });
    const refused = await socket.next((m) => m.type === "error" && m.id === "bad-key");
    expect(refused.payload.errors[0]).toMatchObject({ errorType: "UnauthorizedException", message: "This API key is unknown or has expired." });
    start(socket, "unknown-field", `subscription { onCreateNothing { id } }`, auth);
    expect((await socket.next((m) => m.type === "error" && m.id === "unknown-field")).payload.errors[0].errorType).toBe("ValidationError");
    start(socket, "query", `query { listAuthor { items { id } } }`, auth);
    expect((await socket.next((m) => m.type === "error" && m.id === "query")).payload.errors[0].errorType).toBe("BadRequestException");
    start(socket, "one", `subscription { onCreateAuthor { id } }`, auth);
    start(socket, "two", `subscription { onUpdateAuthor { id } }`, auth);
    start(socket, "three", `subscription { onDeleteAuthor { id } }`, auth);
    expect((await socket.next((m) => m.type === "error" && m.id === "three")).payload.errors[0].errorType).toBe("LimitExceededException");
    await socket.next((m) => m.type === "start_ack" && m.id === "two");
    // The socket stays open for the subscriptions it holds.
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it("answers a connection with a wrong key with connection_error UnauthorizedException/401 and closes it", async () => {
    const socket = await connect({ host: host(), "x-api-key": "da2-wrong" }, "protocol");
    const refused = await socket.next((m) => m.type === "connection_error");
    expect(refused.payload.errors[0]).toMatchObject({ errorType: "UnauthorizedException", errorCode: 401 });
    await socket.closed;
    expect(socket.heard.some((m) => m.type === "connection_ack")).toBe(false);
  });

  it("answers a connection without credentials with connection_error 401", async () => {
    const socket = await openAppsyncSocket(realtimeUrl());
    sockets.push(socket);
    socket.send({ type: "connection_init" });
    const refused = await socket.next((m) => m.type === "connection_error");
    expect(refused.payload.errors[0]).toMatchObject({ errorType: "UnauthorizedException", errorCode: 401 });
    await socket.closed;
  });
});

describe("AppSync's HTTP answers on /p/<apiId>/graphql", () => {
  const post = (headers: Record<string, string>, query: string) =>
    fetch(`${p.t.url}/p/${p.apiId}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ query }) });

  it("answers a wrong key with 401, x-amzn-ErrorType UnauthorizedException and errorType beside our own fields", async () => {
    const response = await post({ "x-api-key": "da2-wrong" }, `{ listAuthor { items { id } } }`);
    expect(response.status).toBe(401);
    expect(response.headers.get("x-amzn-errortype")).toBe("UnauthorizedException");
    const body = await response.json();
    expect(body.errors).toEqual([{ errorType: "UnauthorizedException", message: "This API key is unknown or has expired.", extensions: { code: "UNAUTHENTICATED", messageId: "error_api_key_invalid" } }]);
  });

  it("names every other error's errorType next to its message, keeping code and messageId", async () => {
    const invalid = await (await post({ "x-api-key": p.apiKey }, `{ listNothing { id } }`)).json();
    expect(invalid.errors[0]).toMatchObject({ errorType: "ValidationError", extensions: { code: "GRAPHQL_VALIDATION_FAILED" } });
    const refused = await (await post({ "x-api-key": p.apiKey }, `mutation { createBook(input: { title: "x", authorId: "missing" }) { id } }`)).json();
    expect(refused.errors[0].errorType).toBeTruthy();
    expect(refused.errors[0].errorType).not.toBe("InternalFailureException");
    expect(refused.errors[0].extensions.messageId).toBeTruthy();
  });

  it("lets a browser send Amplify's headers and read the error type", async () => {
    const preflight = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-api-key, x-amz-user-agent, x-amz-date" },
    });
    const allowed = preflight.headers.get("access-control-allow-headers") ?? "";
    for (const header of ["x-api-key", "x-amz-user-agent", "x-amz-date", "authorization"]) expect(allowed).toContain(header);
    const answer = await post({ origin: "https://app.example", "x-api-key": "da2-wrong" }, `{ __typename }`);
    expect(answer.headers.get("access-control-expose-headers")).toContain("x-amzn-errortype");
  });
});
