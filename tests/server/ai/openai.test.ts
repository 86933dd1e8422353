// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSchemaGenerator } from "../../../server/ai";
import { generateEmbedded } from "../../../server/ai/embedded";
import { readConfig } from "../../../server/config";
import { setSilent } from "../../../server/log";
import { validateModel, type SchemaModel } from "../../../src/domain/model";

/** A stand-in for an OpenAI-compatible endpoint: answers with whatever the test sets. */
let reply: { status: number; body: unknown };
let received: { url?: string; authorization?: string; body?: any };
let server: Server;
let baseUrl: string;

const completion = (content: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
});

async function readBody(request: IncomingMessage) {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

beforeAll(async () => {
  setSilent(true);
  server = createServer(async (request, response) => {
    received = { url: request.url, authorization: request.headers.authorization, body: await readBody(request) };
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = {};
});

const generator = (url = baseUrl) =>
  createSchemaGenerator(readConfig({ LLM_BASE_URL: url, LLM_API_KEY: "sk-test", LLM_MODEL: "tiny-model", LOG_LEVEL: "silent" }));

const names = (model: SchemaModel | null) => model?.objectTypes.map((objectType) => objectType.name);

/** What a typical model sends back: fenced, with the system fields listed and loose type names. */
const ANSWER = {
  tables: [
    {
      name: "Veterinarian",
      fields: [
        { name: "id", type: "ID" },
        { name: "name", type: "string", required: true },
        { name: "email", type: "Email", unique: true },
      ],
    },
    {
      name: "pet",
      fields: [
        { name: "name", type: "String" },
        { name: "birth date", type: "date" },
        { name: "weight", type: "number" },
        { name: "species", type: "Species" },
        { name: "vaccinations", type: "string[]" },
        { name: "createdAt", type: "DateTime" },
      ],
      belongsTo: ["Owner"],
    },
    { name: "Owner", fields: [{ name: "phone", type: "phone" }] },
    {
      name: "Visit",
      fields: [
        { name: "visitedAt", type: "DateTime" },
        { name: "vet", type: "Veterinarian" },
      ],
      belongsTo: ["Pet"],
    },
  ],
  enums: [{ name: "Species", values: ["dog", "cat", "guinea pig"] }],
};

describe("AI start with an OpenAI-compatible endpoint", () => {
  it("asks the configured model for JSON and uses a valid answer", async () => {
    reply = { status: 200, body: completion("```json\n" + JSON.stringify(ANSWER) + "\n```") };
    const model = await generator()("Eine Tierarztpraxis mit Haustieren, Besitzern und Besuchen");

    expect(received.url).toBe("/v1/chat/completions");
    expect(received.authorization).toBe("Bearer sk-test");
    expect(received.body.model).toBe("tiny-model");
    expect(received.body.messages.at(-1)).toEqual({
      role: "user",
      content: "Eine Tierarztpraxis mit Haustieren, Besitzern und Besuchen",
    });
    expect(received.body.messages[0].content).toMatch(/JSON/);

    expect(model).not.toBeNull();
    expect(validateModel(model!)).toBeNull();
    // Owner would give Pet a second owner field (every entry's creator): it is renamed.
    expect(names(model)).toEqual(["Veterinarian", "Pet", "PetOwner", "Visit"]);
    const pet = model!.objectTypes[1];
    expect(pet.fields.map((field) => [field.name, field.type])).toEqual([
      ["id", "ID"],
      ["createdAt", "String"],
      ["updatedAt", "String"],
      ["name", "String"],
      ["birthDate", "Date"],
      ["weight", "Float"],
      ["species", "Enum"],
      ["vaccinations", "ListString"],
    ]);
    expect(model!.enumTypes).toMatchObject([{ name: "Species", values: [{ name: "DOG" }, { name: "CAT" }, { name: "GUINEA_PIG" }] }]);

    const id = (name: string) => model!.objectTypes.find((objectType) => objectType.name === name)!.id;
    const visit = model!.objectTypes[3];
    // "vet: Veterinarian" became a relation, not a field.
    expect(visit.fields.map((field) => field.name)).not.toContain("vet");
    expect([visit.parents.first?.parentId, visit.parents.second?.parentId].sort()).toEqual([id("Pet"), id("Veterinarian")].sort());
    expect(pet.parents.first?.parentId).toBe(id("PetOwner"));
  });

  it.each([
    ["text instead of JSON", { status: 200, body: completion("Sorry, I can only chat about the weather.") }],
    ["JSON of the wrong shape", { status: 200, body: completion('{"entities": ["Customer"]}') }],
    ["only reserved tables", { status: 200, body: completion('{"tables":[{"name":"Query"},{"name":"Subscription"}]}') }],
    ["a server error", { status: 500, body: { error: { message: "overloaded" } } }],
    ["no chat completion", { status: 200, body: { hello: "world" } }],
  ])("falls back to the embedded generator on %s", async (_case, answer) => {
    reply = answer;
    const prompt = "a blog with posts, authors and comments";
    const model = await generator()(prompt);
    expect(received.url).toBe("/v1/chat/completions");
    expect(model).toEqual(generateEmbedded(prompt));
    expect(names(model)).toEqual(expect.arrayContaining(["Post", "Author", "Comment"]));
  });

  it("falls back when the endpoint cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const prompt = "Ich brauche ein CRM mit Kunden, Kontakten und Angeboten";
    expect(await generator(`http://127.0.0.1:${port}/v1`)(prompt)).toEqual(generateEmbedded(prompt));
  });

  it("still answers null when neither understands the prompt", async () => {
    reply = { status: 200, body: completion('{"tables": []}') };
    expect(await generator()("asdf qwer")).toBeNull();
  });

  it("uses the embedded generator alone when no endpoint is configured", async () => {
    const embeddedOnly = createSchemaGenerator(readConfig({ LOG_LEVEL: "silent" }));
    expect(names(await embeddedOnly("a blog with posts, authors and comments"))).toEqual(
      expect.arrayContaining(["Post", "Author", "Comment"]),
    );
    expect(await embeddedOnly("Hallo")).toBeNull();
  });
});
