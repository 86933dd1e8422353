// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../server/config";
import { createDatabase, startTestPlatform, type TestPlatform } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { callFunction, uploadFunction } from "../functions/functionClient";

/*
 * Files in an S3-compatible store (a local s3rver here): uploads through the platform's signed
 * URLs land in the bucket, downloads and function code come back from it, deletes remove the
 * object, and a server started with settings that cannot reach the bucket refuses to start.
 * On PostgreSQL, a second server on the same database serves what the first stored.
 */
const BUCKET = "baukasten-files";
let directory: string;
let s3: S3rver;
let endpoint: string;
let p: LiveProject;
const bucket = new AwsClient({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER", service: "s3", region: "us-east-1" });
const settings = () => ({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "bk-s3-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  p = await liveProject(undefined, { ...settings(), LIMITS: `${GENEROUS_LIMITS},fileMaxBytes=1048576` });
}, 60_000);

afterAll(async () => {
  await p?.t.close();
  await s3?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Bytes as their digest: comparing digests is quick where deep equality walks every byte. */
const digest = (bytes: ArrayBuffer | Buffer) => createHash("sha256").update(Buffer.from(bytes as ArrayBuffer)).digest("hex");

/** The digest of the object under `key` in the bucket, read with S3's own API; null when there is none. */
async function inBucket(key: string) {
  const response = await bucket.fetch(`${endpoint}/${BUCKET}/${key.split("/").map(encodeURIComponent).join("/")}`);
  return response.status === 404 ? null : digest(await response.arrayBuffer());
}

async function uploadFile(project: LiveProject, key: string, body: Buffer) {
  const intent = await project.call(`mutation ($input: UploadFileIntentInput!) { uploadFileIntent(input: $input) { key uploadUrl } }`, {
    input: { key, mimeType: "application/octet-stream", accessControl: "public" },
  });
  expect(intent.errors).toBeUndefined();
  const put = await fetch(intent.data.uploadFileIntent.uploadUrl, { method: "PUT", body: new Uint8Array(body), headers: { "content-type": "application/octet-stream" } });
  expect(put.status).toBe(200);
  const created = await project.call(`mutation ($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { id url } }`, {
    input: [{ key: intent.data.uploadFileIntent.key, mimeType: "application/octet-stream", accessControl: "public" }],
  });
  expect(created.errors).toBeUndefined();
  return created.data.batchCreateFileDocument[0] as { id: string; url: string };
}

const objectKeyOf = async (key: string) =>
  (await p.t.platform.db.selectFrom("project_files").select("object_key").where("api_id", "=", p.apiId).where("key", "=", key).executeTakeFirstOrThrow()).object_key!;

describe("files in an S3-compatible store (S3_* settings)", () => {
  it("a file uploaded through its signed URL is stored in the bucket, served from it, and removed with its document", async () => {
    const body = randomBytes(300_000);
    const file = await uploadFile(p, "photos/big.bin", body);
    expect(await inBucket(await objectKeyOf("photos/big.bin"))).toBe(digest(body));

    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(digest(await served.arrayBuffer())).toBe(digest(body));

    const objectKey = await objectKeyOf("photos/big.bin");
    const deleted = await p.call(`mutation ($input: [DeleteFileDocumentInput!]!) { batchDeleteFileDocument(input: $input) { id } }`, { input: [{ id: file.id }] }, { token: p.owner.token });
    expect(deleted.errors).toBeUndefined();
    expect(await inBucket(objectKey)).toBeNull();
  });

  it("a cloud function's code is kept in the bucket and runs from there", async () => {
    const fn = await uploadFunction(p, "triple.js", "exports.handler = (event) => ({ tripled: event.n * 3 });");
    const row = await p.t.platform.db.selectFrom("project_cloud_functions").select("code_key").where("api_id", "=", p.apiId).where("key", "=", "triple.js").executeTakeFirstOrThrow();
    expect(await inBucket(row.code_key)).not.toBeNull();
    expect(await callFunction(fn.functionUrl, { n: 14 }, { apiKey: p.apiKey })).toEqual({ status: 200, body: { tripled: 42 } });
  });

  it("a server whose S3 settings cannot reach the bucket does not start, and says why", async () => {
    await expect(startTestPlatform({ ...settings(), S3_ACCESS_KEY_ID: "NOT-A-KEY" })).rejects.toThrow(`The S3 file store (bucket "${BUCKET}") cannot be used: S3 PUT`);
    await expect(startTestPlatform({ ...settings(), S3_BUCKET: "no-such-bucket" })).rejects.toThrow(/cannot be used: S3 PUT .* answered 404/);
    await expect(startTestPlatform({ ...settings(), S3_ENDPOINT: "http://127.0.0.1:9" })).rejects.toThrow(/cannot be used: fetch failed/);
  });

  it("half-given settings stop the start naming what is missing", () => {
    expect(() => readConfig({ S3_BUCKET: BUCKET })).toThrow("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too");
    expect(() => readConfig({ ...settings(), S3_ENDPOINT: "s3.local" })).toThrow(/not an http\(s\) address/);
    expect(readConfig({}).s3).toBeUndefined();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("two servers on one PostgreSQL share the bucket: a file uploaded through one is served by the other", async () => {
    const database = await createDatabase(process.env.TEST_DATABASE_URL!);
    let a: LiveProject | undefined;
    let b: TestPlatform | undefined;
    try {
      a = await liveProject(undefined, { ...settings(), DATABASE_URL: database.url });
      b = await startTestPlatform({ ...settings(), DATABASE_URL: database.url, PUBLIC_URL: a.t.url });
      const body = randomBytes(50_000);
      const file = await uploadFile(a, "shared/report.bin", body);
      const served = await fetch(file.url.replace(a.t.url, b.url));
      expect(served.status).toBe(200);
      expect(digest(await served.arrayBuffer())).toBe(digest(body));
    } finally {
      await b?.close();
      await a?.t.close();
      await database.drop();
    }
  });
});
