// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startTestPlatform, uniqueEmail, untilListening, type TestPlatform } from "./harness";
import { insertRole } from "../../server/role/store";
import { enqueueJob } from "../../server/jobs/store";
import { findSchemaPrompt, insertSchemaPrompt, toSchemaPrompt } from "../../server/prompts/store";
import { SCHEMA_PROMPT_JOB } from "../../server/prompts/job";
import { validateModel } from "../../src/domain/model";
import { parseModel } from "../../src/domain/model/parse";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const CREATE_PROMPT = `mutation ($input: CreateSchemaPromptInput!) { createSchemaPrompt(input: $input) { id status prompt userEmail apiId } }`;
const PROMPT_FIELDS = `id status schema errorMessageId prompt`;
const SCHEMA_PROMPT = `query ($id: ID!) { schemaPrompt(id: $id) { ${PROMPT_FIELDS} } }`;

async function ownerWithProject(platform: TestPlatform = t) {
  const owner = await platform.signUp(uniqueEmail("owner"));
  const org = await platform.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } role { id } } }`, { input: { name: "AI Co" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const api = await platform.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Start" } }, owner.token);
  return { ...owner, orgId, apiId: api.data.createApi.api.id as string };
}

/** Subscribes first, then sends the prompt: the update may arrive within milliseconds. */
async function promptAndWait(owner: { token: string; apiId: string }, prompt: string) {
  const created = await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt } }, owner.token);
  expect(created.errors).toBeUndefined();
  const id = created.data.createSchemaPrompt.id as string;
  const subscription = t.subscribe(owner.token, `subscription ($id: ID!) { onUpdateSchemaPrompt(id: $id) { ${PROMPT_FIELDS} } }`, { id });
  try {
    // The server ends the subscription after the prompt's final state.
    expect(await subscription.ended).toBeUndefined();
    expect(subscription.results[0].errors).toBeUndefined();
    return { created: created.data.createSchemaPrompt, pushed: subscription.results[0].data!.onUpdateSchemaPrompt as any };
  } finally {
    await subscription.close();
  }
}

function tableNames(schema: string) {
  const parsed = parseModel(schema);
  if (!("model" in parsed)) throw new Error(parsed.problem.messageId);
  expect(validateModel(parsed.model)).toBeNull();
  return parsed.model.objectTypes.map((objectType) => objectType.name);
}

describe("AI start", () => {
  it("turns a prompt into a DONE prompt with a valid schema and pushes it", async () => {
    const owner = await ownerWithProject();
    const { created, pushed } = await promptAndWait(owner, "  a blog with posts, authors and comments ");
    expect(created).toMatchObject({ status: "PENDING", prompt: "a blog with posts, authors and comments", userEmail: owner.email, apiId: owner.apiId });
    expect(pushed).toMatchObject({ id: created.id, status: "DONE", errorMessageId: null });
    expect(tableNames(pushed.schema)).toEqual(expect.arrayContaining(["Post", "Author", "Comment"]));
    const { data } = await t.graphql(SCHEMA_PROMPT, { id: created.id }, owner.token);
    expect(data.schemaPrompt).toEqual(pushed);
  });

  it("pushes the answer to a subscriber who was listening while the job ran", async () => {
    const owner = await ownerWithProject();
    await t.platform.jobs.stop();
    try {
      const created = await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt: "a blog with posts and authors" } }, owner.token);
      const id = created.data.createSchemaPrompt.id;
      const subscription = t.subscribe(owner.token, `subscription ($id: ID!) { onUpdateSchemaPrompt(id: $id) { id status prompt } }`, { id });
      // The prompt is still PENDING: the server pushes nothing of its own until the job runs.
      // PENDING copies published by hand show when the subscriber listens.
      const pending = toSchemaPrompt((await findSchemaPrompt(t.platform.db, id))!);
      await untilListening(async (probe) => t.platform.pubsub.publish("schemaPrompt:updated", id, { ...pending, prompt: probe }), subscription);
      t.platform.jobs.start();
      expect(await subscription.ended).toBeUndefined();
      expect(subscription.results.map((result) => result.data!.onUpdateSchemaPrompt)).toEqual([{ id, status: "DONE", prompt: pending.prompt }]);
    } finally {
      t.platform.jobs.start();
    }
  });

  it("answers a nonsense prompt with api_setup_templates_ai_error", async () => {
    const owner = await ownerWithProject();
    const { pushed } = await promptAndWait(owner, "qwxz vbnm plok");
    expect(pushed).toMatchObject({ status: "FAILED", schema: null, errorMessageId: "api_setup_templates_ai_error" });
  });

  it.each([
    ["longer than 256 characters", "a".repeat(257), "error_schema_prompt_max_length"],
    ["empty", "   ", "error_schema_prompt_required"],
  ])("refuses a prompt that is %s", async (_, prompt, messageId) => {
    const owner = await ownerWithProject();
    const result = await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt } }, owner.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
    const rows = await t.platform.db.selectFrom("schema_prompts").select("id").where("api_id", "=", owner.apiId).execute();
    expect(rows).toEqual([]);
  });

  it("accepts exactly 256 characters", async () => {
    const owner = await ownerWithProject();
    const result = await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt: "blog ".repeat(51) + "x" } }, owner.token);
    expect(result.errors).toBeUndefined();
  });

  it("keeps prompts within the workspace and from members who may not edit the model", async () => {
    const owner = await ownerWithProject();
    const created = await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt: "a crm" } }, owner.token);
    const id = created.data.createSchemaPrompt.id;
    const stranger = await ownerWithProject();
    expect((await t.graphql(SCHEMA_PROMPT, { id }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt: "a crm" } }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const subscription = t.subscribe(stranger.token, `subscription ($id: ID!) { onUpdateSchemaPrompt(id: $id) { id status } }`, { id });
    const error = (await subscription.ended) ?? subscription.results[0]?.errors;
    expect(JSON.stringify(error)).toContain("FORBIDDEN");
    const guest = await t.signUp(uniqueEmail("guest"));
    await insertRole(t.platform.db, { orgId: owner.orgId, email: guest.email, type: "GUEST" });
    expect((await t.graphql(SCHEMA_PROMPT, { id }, guest.token)).data.schemaPrompt.id).toBe(id);
    expect((await t.graphql(CREATE_PROMPT, { input: { apiId: owner.apiId, prompt: "a crm" } }, guest.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("jobs survive a restart", () => {
  // Two platforms start from disk in this one test; on a busy machine each has taken 30 s.
  it("runs a prompt whose job was left PENDING, and one whose worker died, when a new platform starts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "baukasten-jobs-"));
    const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : null;
    const env = { DATA_DIR: dir, ...(database ? { DATABASE_URL: database.url } : {}) };
    try {
      const first = await startTestPlatform(env);
      const owner = await ownerWithProject(first);
      await first.platform.jobs.stop();
      const pending = await insertSchemaPrompt(first.platform.db, { apiId: owner.apiId, userEmail: owner.email, prompt: "a blog with posts" });
      await enqueueJob(first.platform.db, SCHEMA_PROMPT_JOB, { promptId: pending.id });
      const orphan = await insertSchemaPrompt(first.platform.db, { apiId: owner.apiId, userEmail: owner.email, prompt: "a crm with customers" });
      const job = await enqueueJob(first.platform.db, SCHEMA_PROMPT_JOB, { promptId: orphan.id });
      await first.platform.db.updateTable("jobs").set({ state: "RUNNING", attempts: 1, locked_until: new Date(Date.now() - 1000) }).where("id", "=", job.id).execute();
      await first.close();

      const second = await startTestPlatform(env);
      try {
        const finished = async (id: string) => {
          for (let i = 0; i < 300; i++) {
            const row = await findSchemaPrompt(second.platform.db, id);
            if (row?.status !== "PENDING") return row;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw new Error(`prompt ${id} still pending`);
        };
        expect((await finished(pending.id))?.status).toBe("DONE");
        expect((await finished(orphan.id))?.status).toBe("DONE");
        const jobs = await second.platform.db.selectFrom("jobs").select(["state"]).execute();
        expect(jobs.map((row) => row.state)).toEqual(["DONE", "DONE"]);
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
