// @vitest-environment node
import { request as httpRequest } from "node:http";
import JSZip from "jszip";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INLINE_FILE_MAX_BYTES } from "../../../src/domain/files";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { insertRole } from "../../../server/role/store";
import { GENEROUS_LIMITS } from "../limits";
import { uniqueEmail } from "../harness";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

/** Uploads through real HTTP as spec §7 'Files' says: intent, PUT of the body, batch create. */
const MAX_BYTES = 4096;
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},fileMaxBytes=${MAX_BYTES}` });
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const FILE = `id key name mimeType url accessControl size createdAt updatedAt`;
const owner = () => ({ token: p.owner.token });

async function intent(key: string, mimeType = "text/plain", accessControl = "public", auth: { apiKey?: string; token?: string } | null | undefined = undefined) {
  const answer = await p.call(
    `mutation ($input: UploadFileIntentInput!) { uploadFileIntent(input: $input) { key mimeType uploadUrl url name maxBytes } }`,
    { input: { key, mimeType, accessControl } },
    auth,
  );
  return answer;
}

const put = (url: string, body: BodyInit, contentType: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "PUT", body, headers: { "content-type": contentType, ...headers }, duplex: "half" } as RequestInit);

async function uploaded(key: string, text: string, mimeType = "text/plain", accessControl = "public") {
  const { data, errors } = await intent(key, mimeType, accessControl);
  expect(errors).toBeUndefined();
  expect((await put(data.uploadFileIntent.uploadUrl, text, mimeType)).status).toBe(200);
  const created = await p.call(`mutation ($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { ${FILE} } }`, {
    input: [{ key: data.uploadFileIntent.key, mimeType, accessControl }],
  });
  expect(created.errors).toBeUndefined();
  return created.data.batchCreateFileDocument[0];
}

/** The object a file document serves its bytes from. */
const objectOf = async (key: string) =>
  (await p.t.platform.db.selectFrom("project_files").selectAll().where("api_id", "=", p.apiId).where("key", "=", key).executeTakeFirstOrThrow()).object_key!;
const createDocument = (key: string, mimeType = "text/plain") =>
  p.call(`mutation ($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { ${FILE} } }`, { input: [{ key, mimeType, accessControl: "public" }] });

const listFiles = async () => (await p.call(`{ listFileDocument { items { id key name size } nextToken } }`)).data.listFileDocument;
const activities = async () => (await p.call(`{ listActivity(limit: 100) { items { eventName recordType recordId } } }`)).data.listActivity.items;

async function member(roleType: "CONTENT" | "SUPPORT") {
  const user = await p.t.signUp(uniqueEmail(roleType.toLowerCase()));
  await insertRole(p.t.platform.db, { orgId: p.orgId, email: user.email, type: roleType });
  return { token: user.token };
}

describe("spec §7 'Files': uploadFileIntent, an HTTP PUT to uploadUrl, batch create, list, delete", () => {
  it("'A file upload intent returns key, mimeType, uploadUrl, url and name'; the file is listed, served and deleted", async () => {
    const { data } = await intent("reports/Q1 report (final).txt");
    const intended = data.uploadFileIntent;
    // Spec §5 "characters other than letters, digits, slash and dot become underscores".
    expect(intended).toMatchObject({ key: "reports/Q1_report__final_.txt", mimeType: "text/plain", name: "Q1_report__final_.txt", maxBytes: MAX_BYTES });
    expect(intended.uploadUrl).toContain(`/p/${p.apiId}/files/reports/Q1_report__final_.txt?upload=`);

    expect((await put(intended.uploadUrl, "hello files", "text/plain")).status).toBe(200);
    const created = await p.call(`mutation ($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { ${FILE} } }`, {
      input: [{ key: intended.key, mimeType: "text/plain", accessControl: "public" }],
    });
    expect(created.errors).toBeUndefined();
    const file = created.data.batchCreateFileDocument[0];
    expect(file).toMatchObject({ key: intended.key, name: intended.name, mimeType: "text/plain", accessControl: "public", size: 11, url: intended.url });

    expect((await listFiles()).items).toContainEqual({ id: file.id, key: file.key, name: file.name, size: 11 });
    const got = await p.call(`query ($id: ID!) { getFileDocument(id: $id) { id url } }`, { id: file.id });
    expect(got.data.getFileDocument).toEqual({ id: file.id, url: file.url });

    // A public file is served to anyone, as a download that never runs as a page of this origin.
    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("hello files");
    expect(served.headers.get("content-type")).toBe("text/plain");
    expect(served.headers.get("content-disposition")).toContain("attachment");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");

    const objectKey = await objectOf(file.key);
    expect(await p.t.platform.objects.get(objectKey)).not.toBeNull();
    const deleted = await p.call(`mutation ($input: [DeleteFileDocumentInput!]!) { batchDeleteFileDocument(input: $input) { id } }`, { input: [{ id: file.id }] }, owner());
    expect(deleted.data.batchDeleteFileDocument).toEqual([{ id: file.id }]);
    expect((await fetch(file.url)).status).toBe(404);
    expect(await p.t.platform.objects.get(objectKey)).toBeNull();
    expect((await listFiles()).items.map((item: { id: string }) => item.id)).not.toContain(file.id);

    // "Every write records an Activity".
    const recorded = (await activities()).filter((activity: { recordId: string }) => activity.recordId === file.id);
    expect(recorded.map((activity: { eventName: string }) => activity.eventName).sort()).toEqual(["INSERT", "REMOVE"]);
    expect(recorded[0].recordType).toBe("FileDocument");
  });

  it("lists 100 by default, newest first, and pages on with nextToken (spec §9 'files … 100')", async () => {
    const a = await uploaded("paging/a.txt", "a");
    const b = await uploaded("paging/b.txt", "b");
    const first = await p.call(`{ listFileDocument(limit: 1) { items { id } nextToken } }`);
    expect(first.data.listFileDocument.items).toEqual([{ id: b.id }]);
    const next = await p.call(`query ($t: String) { listFileDocument(limit: 1, nextToken: $t) { items { id } } }`, { t: first.data.listFileDocument.nextToken });
    expect(next.data.listFileDocument.items).toEqual([{ id: a.id }]);
  });

  it("a private file is served only with its signed URL or to a caller of the project", async () => {
    const file = await uploaded("secret/plan.txt", "private plan", "text/plain", "private");
    expect(file.url).toContain("?access=");
    const bare = file.url.split("?")[0];
    expect((await fetch(bare)).status).toBe(404);
    expect((await fetch(file.url)).status).toBe(200);
    expect((await fetch(bare, { headers: { "x-api-key": p.apiKey } })).status).toBe(200);
    expect((await fetch(bare, { headers: { authorization: p.owner.token } })).status).toBe(200);
    // A signature for another file opens nothing.
    const other = await uploaded("secret/other.txt", "other", "text/plain", "private");
    expect((await fetch(`${bare}?access=${new URL(other.url).searchParams.get("access")}`)).status).toBe(404);
  });
});

describe("spec §5 'Access control: PRIVATE, PUBLIC' chosen at upload, private by default", () => {
  it("a file uploaded without naming its access control is private: its bare url opens nothing", async () => {
    const { data } = await p.call(`mutation { uploadFileIntent(input: { key: "default/plain.txt", mimeType: "text/plain" }) { key uploadUrl url } }`);
    expect(data.uploadFileIntent.url).toContain("?access=");
    expect((await put(data.uploadFileIntent.uploadUrl, "quiet", "text/plain")).status).toBe(200);
    const created = await p.call(`mutation { batchCreateFileDocument(input: [{ key: "default/plain.txt", mimeType: "text/plain" }]) { accessControl url } }`);
    expect(created.data.batchCreateFileDocument[0].accessControl).toBe("private");
    const { url } = created.data.batchCreateFileDocument[0];
    expect((await fetch(url.split("?")[0])).status).toBe(404);
    expect(await (await fetch(url)).text()).toBe("quiet");
  });

  it("a public file is read at its url without credentials", async () => {
    const file = await uploaded("open/notice.txt", "for everyone", "text/plain", "public");
    expect(file.url).not.toContain("?");
    const response = await fetch(file.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("for everyone");
  });
});

describe("refusals: every one changes nothing", () => {
  it("an expired upload URL is refused (403)", async () => {
    const { data } = await intent("late.txt");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
    const response = await put(data.uploadFileIntent.uploadUrl, "late", "text/plain");
    vi.useRealTimers();
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0].extensions.messageId).toBe("error_file_upload_url_invalid");
    expect(await p.t.platform.objects.get(`projects/${p.apiId}/files/late.txt`)).toBeNull();
  });

  it("a tampered signature, or a URL used for another key, is refused (403)", async () => {
    const { data } = await intent("signed.txt");
    const url = new URL(data.uploadFileIntent.uploadUrl);
    const token = url.searchParams.get("upload")!;
    const [body, mac] = token.split(".");
    const forgedBody = Buffer.from(Buffer.from(body, "base64url").toString().replace("4096", "999999999")).toString("base64url");
    url.searchParams.set("upload", `${forgedBody}.${mac}`);
    expect((await put(url.toString(), "x", "text/plain")).status).toBe(403);
    url.searchParams.set("upload", `${body}.${mac.slice(0, -2)}AA`);
    expect((await put(url.toString(), "x", "text/plain")).status).toBe(403);
    const elsewhere = data.uploadFileIntent.uploadUrl.replace("/files/signed.txt", "/files/elsewhere.txt");
    expect((await put(elsewhere, "x", "text/plain")).status).toBe(403);
    expect(await p.t.platform.objects.get(`projects/${p.apiId}/files/elsewhere.txt`)).toBeNull();
  });

  it("a body larger than fileMaxBytes is refused with 413, declared or streamed", async () => {
    const { data } = await intent("big.bin", "application/octet-stream");
    const declared = await put(data.uploadFileIntent.uploadUrl, new Uint8Array(MAX_BYTES + 1), "application/octet-stream");
    expect(declared.status).toBe(413);
    const chunk = new Uint8Array(1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await put(data.uploadFileIntent.uploadUrl, stream, "application/octet-stream");
    expect(streamed.status).toBe(413);
    expect(await p.t.platform.objects.get(`projects/${p.apiId}/files/big.bin`)).toBeNull();
  });

  it("a PUT with another Content-Type than the intent's is refused (415)", async () => {
    const { data } = await intent("photo.png", "image/png");
    const response = await put(data.uploadFileIntent.uploadUrl, "<html>", "text/html");
    expect(response.status).toBe(415);
    expect(await p.t.platform.objects.get(`projects/${p.apiId}/files/photo.png`)).toBeNull();
  });

  it("path tricks: '..', absolute and empty keys are refused by the API and by the file route", async () => {
    for (const key of ["../escape.txt", "a/../../escape.txt", "/etc/passwd", "a//b", ""]) {
      const { errors } = await intent(key);
      expect(errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT" });
      expect(errors?.[0].extensions?.messageId).toMatch(/^error_file_key_/);
    }
    // fetch would resolve the dots itself; a raw request sends them as a client could.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${p.t.url}/`, { path: `/p/${p.apiId}/files/a/%2e%2e/%2e%2e/secret.key` }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(400);
  });

  it("a document for an object never uploaded (or uploaded as another type) is refused", async () => {
    const before = (await listFiles()).items.length;
    const never = await p.call(`mutation { batchCreateFileDocument(input: [{ key: "never.txt", mimeType: "text/plain" }]) { id } }`);
    expect(never.errors?.[0].extensions?.messageId).toBe("error_file_not_uploaded");
    const { data } = await intent("typed.txt", "text/plain");
    await put(data.uploadFileIntent.uploadUrl, "t", "text/plain");
    const retyped = await p.call(`mutation { batchCreateFileDocument(input: [{ key: "typed.txt", mimeType: "text/html" }]) { id } }`);
    expect(retyped.errors?.[0].extensions?.messageId).toBe("error_file_not_uploaded");
    expect((await listFiles()).items.length).toBe(before);
  });

  it("spec §6 'Deleting … files requires admin': CONTENT uploads but may not delete; SUPPORT may not upload", async () => {
    const file = await uploaded("kept.txt", "kept");
    const content = await member("CONTENT");
    expect((await p.call(`{ viewerCanDeleteFiles viewerCanUploadFiles }`, {}, content)).data).toEqual({ viewerCanDeleteFiles: false, viewerCanUploadFiles: true });
    expect((await p.call(`{ viewerCanDeleteFiles }`, {}, owner())).data).toEqual({ viewerCanDeleteFiles: true });
    const refused = await p.call(`mutation ($id: ID!) { batchDeleteFileDocument(input: [{ id: $id }]) { id } }`, { id: file.id }, content);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_api_management_requires_role");
    expect((await fetch(file.url)).status).toBe(200);
    expect((await intent("content.txt", "text/plain", "public", content)).errors).toBeUndefined();
    const support = await member("SUPPORT");
    expect((await intent("support.txt", "text/plain", "public", support)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await intent("anonymous.txt", "text/plain", "public", null)).status).toBe(401);
  });

  it("another project's upload URL and keys reach nothing of this project", async () => {
    const other = await p.t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: p.orgId, name: "Other" } }, p.owner.token);
    const otherId = other.data.createApi.api.id as string;
    await p.t.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId: otherId, runId: `${otherId}-v1`, version: 1, model: libraryModel() }));
    const { data } = await intent("shared.txt");
    const crossed = data.uploadFileIntent.uploadUrl.replace(`/p/${p.apiId}/`, `/p/${otherId}/`);
    expect((await put(crossed, "x", "text/plain")).status).toBe(403);
    await put(data.uploadFileIntent.uploadUrl, "mine", "text/plain");
    const otherKey = (await p.t.platform.apiKeys.insertKey(p.t.platform.db, otherId)).key;
    const response = await fetch(`${p.t.url}/p/${otherId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": otherKey },
      body: JSON.stringify({ query: `mutation { batchCreateFileDocument(input: [{ key: "shared.txt", mimeType: "text/plain" }]) { id } }` }),
    });
    expect(((await response.json()) as { errors: { extensions: { messageId: string } }[] }).errors[0].extensions.messageId).toBe("error_file_not_uploaded");
  });
});

describe("an upload URL uploads once; a document's bytes, size and type change together", () => {
  it("a second PUT to the same upload URL is refused (409) and the download stays the first upload, whole", async () => {
    const { data } = await intent("once.txt");
    const url = data.uploadFileIntent.uploadUrl;
    expect((await put(url, "first upload", "text/plain")).status).toBe(200);
    const again = await put(url, "a second, longer upload that would replace it", "text/plain");
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_file_upload_url_used" });
    const created = await createDocument("once.txt");
    expect(created.data.batchCreateFileDocument[0]).toMatchObject({ size: 12 });
    // After the document exists, the URL is still used up.
    expect((await put(url, "later", "text/plain")).status).toBe(409);
    const served = await fetch(created.data.batchCreateFileDocument[0].url);
    expect(served.headers.get("content-length")).toBe("12");
    expect(await served.text()).toBe("first upload");
  });

  it("a new upload to an existing key keeps serving the old bytes until the document is made again; then size, type and bytes change together", async () => {
    const first = await uploaded("replaced.txt", "old");
    const oldObject = await objectOf("replaced.txt");
    const { data } = await intent("replaced.txt", "application/json");
    expect((await put(data.uploadFileIntent.uploadUrl, '{"new":"and longer"}', "application/json")).status).toBe(200);
    const before = await fetch(first.url);
    expect([before.headers.get("content-length"), before.headers.get("content-type"), await before.text()]).toEqual(["3", "text/plain", "old"]);

    const created = await createDocument("replaced.txt", "application/json");
    expect(created.data.batchCreateFileDocument[0]).toMatchObject({ id: first.id, size: 20, mimeType: "application/json" });
    const after = await fetch(first.url);
    expect([after.headers.get("content-length"), after.headers.get("content-type"), await after.text()]).toEqual(["20", "application/json", '{"new":"and longer"}']);
    // The bytes no document serves any more are removed.
    expect(await p.t.platform.objects.get(oldObject)).toBeNull();
  });

  it("of PUTs racing with one upload URL, exactly one is kept and the document serves its bytes", async () => {
    const { data } = await intent("raced.txt");
    const bodies = Array.from({ length: 6 }, (_, index) => `racer ${index} `.repeat(index + 1));
    const answers = await Promise.all(bodies.map((body) => put(data.uploadFileIntent.uploadUrl, body, "text/plain")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(bodies.length - 1);
    const winner = bodies[statuses.indexOf(200)];
    const created = await createDocument("raced.txt");
    expect(created.data.batchCreateFileDocument[0].size).toBe(winner.length);
    const served = await fetch(created.data.batchCreateFileDocument[0].url);
    expect(served.headers.get("content-length")).toBe(String(winner.length));
    expect(await served.text()).toBe(winner);
  });
});

describe("cost limits", () => {
  it("a batch of more than 100 documents is refused", async () => {
    const input = Array.from({ length: 101 }, (_, index) => ({ key: `many/${index}.txt`, mimeType: "text/plain" }));
    const answer = await p.call(`mutation ($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { id } }`, { input });
    expect(answer.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_batch_too_large" });
  });

  it("upload intents per caller and hour stop at LIMITS fileUploadsPerCallerPerHour", async () => {
    const limited = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},fileUploadsPerCallerPerHour=2` });
    try {
      const ask = () => limited.call(`mutation { uploadFileIntent(input: { key: "a.txt", mimeType: "text/plain" }) { key } }`);
      expect((await ask()).errors).toBeUndefined();
      expect((await ask()).errors).toBeUndefined();
      expect((await ask()).errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", messageId: "error_rate_limited_files" });
    } finally {
      await limited.t.close();
    }
  }, 60_000);
});

describe("spec §7 'Cloud functions … uploadInlineFile (key, mimeType, accessControl, archiveFormat, body, isCloudFunction), ZIP format, and functions are private'", () => {
  const UPLOAD = `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { key name cloudFunction { id key code functionUrl runtime } } }`;
  const code = "export const handler = async () => ({ statusCode: 200 });";

  it("stores a .mjs function as a ZIP with the Node.js 18 runtime, lists and deletes it", async () => {
    const uploaded = await p.call(UPLOAD, { input: { key: "hello world.mjs", mimeType: "text/javascript", accessControl: "private", archiveFormat: "ZIP", body: Buffer.from(code).toString("base64"), isCloudFunction: true } });
    expect(uploaded.errors).toBeUndefined();
    const fn = uploaded.data.uploadInlineFile.cloudFunction;
    expect(fn).toMatchObject({ key: "hello_world.mjs", runtime: "nodejs18.x", functionUrl: `${p.t.url}/p/${p.apiId}/functions/hello_world.mjs` });
    const zip = await JSZip.loadAsync((await p.t.platform.objects.get(fn.code))!);
    expect(await zip.file("hello_world.mjs")!.async("string")).toBe(code);
    // Functions are private: their code is not among the project's files.
    expect(fn.code).not.toContain("/files/");

    const listed = await p.call(`{ listCloudFunction { items { id runtime } } }`);
    expect(listed.data.listCloudFunction.items).toContainEqual({ id: fn.id, runtime: "nodejs18.x" });
    const content = await member("CONTENT");
    const refused = await p.call(`mutation ($id: ID!) { batchDeleteCloudFunction(input: [{ id: $id }]) { id } }`, { id: fn.id }, content);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_api_management_requires_role");
    const deleted = await p.call(`mutation ($id: ID!) { batchDeleteCloudFunction(input: [{ id: $id }]) { id } }`, { id: fn.id }, owner());
    expect(deleted.data.batchDeleteCloudFunction).toEqual([{ id: fn.id }]);
    expect(await p.t.platform.objects.get(fn.code)).toBeNull();
  });

  it("spec §2 'export': editors get a short-lived signed URL of the function's ZIP; readers, anonymous callers and bare URLs get nothing", async () => {
    const stored = await p.call(UPLOAD, { input: { key: "jobs/export me.mjs", mimeType: "text/javascript", body: Buffer.from(code).toString("base64"), isCloudFunction: true } });
    const fn = stored.data.uploadInlineFile.cloudFunction;
    const EXPORT = `query ($id: ID!) { viewerCanExportFunctions exportCloudFunction(id: $id) { url fileName } }`;

    const asOwner = await p.call(EXPORT, { id: fn.id }, owner());
    expect(asOwner.data.viewerCanExportFunctions).toBe(true);
    const { url, fileName } = asOwner.data.exportCloudFunction;
    expect(fileName).toBe("jobs_export_me.mjs.zip");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="jobs_export_me.mjs.zip"');
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    expect(await zip.file("export_me.mjs")!.async("string")).toBe(code);

    // CONTENT uploads functions, so may export them; SUPPORT only reads the list.
    const content = await member("CONTENT");
    expect((await p.call(EXPORT, { id: fn.id }, content)).data.exportCloudFunction.url).toContain("?access=");
    const support = await member("SUPPORT");
    expect((await p.call(`{ viewerCanExportFunctions }`, {}, support)).data.viewerCanExportFunctions).toBe(false);
    const refused = await p.call(`query ($id: ID!) { exportCloudFunction(id: $id) { url } }`, { id: fn.id }, support);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await p.call(`query ($id: ID!) { exportCloudFunction(id: $id) { url } }`, { id: fn.id }, null)).status).toBe(401);

    // The code is never public: the bare URL, a file's signature or a forged one open nothing.
    const bare = url.split("?")[0];
    expect((await fetch(bare)).status).toBe(404);
    expect((await fetch(bare, { headers: { authorization: p.owner.token } })).status).toBe(404);
    const privateFile = await uploaded("jobs/export me.mjs", "a file of the same key", "text/javascript", "private");
    expect((await fetch(`${bare}?access=${new URL(privateFile.url).searchParams.get("access")}`)).status).toBe(404);
    const [body, mac] = new URL(url).searchParams.get("access")!.split(".");
    expect((await fetch(`${bare}?access=${body}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`)).status).toBe(404);
    // An export URL ends with the minutes it was given.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * 60_000 });
    expect((await fetch(url)).status).toBe(404);
    vi.useRealTimers();
    // Deleted functions export nothing.
    await p.call(`mutation ($id: ID!) { batchDeleteCloudFunction(input: [{ id: $id }]) { id } }`, { id: fn.id }, owner());
    expect((await p.call(EXPORT, { id: fn.id }, owner())).data.exportCloudFunction).toBeNull();
    expect((await fetch(url)).status).toBe(404);
  });

  it("gives .py its runtime, refuses .rb (no Ruby can run here), other extensions ('Invalid file format.') and oversized bodies ('File is too large.')", async () => {
    const runtimeOf = async (key: string) =>
      (await p.call(UPLOAD, { input: { key, mimeType: "text/plain", body: Buffer.from("x").toString("base64"), isCloudFunction: true } })).data?.uploadInlineFile.cloudFunction.runtime;
    expect(await runtimeOf("job.py")).toBe("python3.10");
    const ruby = await p.call(UPLOAD, { input: { key: "job.rb", mimeType: "text/x-ruby", body: Buffer.from("puts 1").toString("base64"), isCloudFunction: true } });
    expect(ruby.errors?.[0]).toMatchObject({ extensions: { messageId: "error_function_runtime_unavailable" } });
    expect(ruby.errors?.[0].message).toMatch(/^Ruby functions cannot run on this platform/);
    const wrong = await p.call(UPLOAD, { input: { key: "job.sh", mimeType: "text/plain", body: "eA==", isCloudFunction: true } });
    expect(wrong.errors?.[0]).toMatchObject({ message: "Invalid file format.", extensions: { messageId: "error_file_invalid_format" } });
    const large = await p.call(UPLOAD, { input: { key: "big.js", mimeType: "text/javascript", body: Buffer.alloc(INLINE_FILE_MAX_BYTES + 1).toString("base64"), isCloudFunction: true } });
    expect(large.errors?.[0]).toMatchObject({ message: "File is too large.", extensions: { messageId: "error_file_too_large" } });
    const names = (await p.call(`{ listCloudFunction { items { key } } }`)).data.listCloudFunction.items.map((item: { key: string }) => item.key);
    expect(names).not.toContain("job.sh");
    expect(names).not.toContain("job.rb");
    expect(names).not.toContain("big.js");
  });
});
