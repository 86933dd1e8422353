// @vitest-environment node
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadKeys, rotateSigningKey } from "../../../server/auth/keys";
import { readConfig } from "../../../server/config";
import { resolveSecretKey } from "../../../server/security/secretKey";
import { startTestPlatform, TEST_SECRET_KEY, uniqueEmail, type TestPlatform } from "../harness";
import { ServerProcess } from "./serverProcess";

/**
 * "the RSA private signing key is stored as plain JWK in the auth_keys table: anyone
 * who gets a copy of the directory or a database dump can forge tokens for every user."
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** The secret the test platform runs with (SECRET_KEY on PostgreSQL, the process's own in memory). */
const platformSecret = () =>
  resolveSecretKey(readConfig(process.env.TEST_DATABASE_URL ? { SECRET_KEY: TEST_SECRET_KEY } : { DATA_DIR: "memory://" }));

const dump = () => t.platform.db.selectFrom("auth_keys").selectAll().execute();

describe("signing keys at rest", () => {
  it("a database dump holds no private key material and cannot sign tokens", async () => {
    await t.signUp(uniqueEmail("dump"));
    const rows = await dump();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = row.private_jwk as Record<string, unknown>;
      for (const parameter of ["d", "p", "q", "dp", "dq", "qi"]) expect(stored).not.toHaveProperty(parameter);
      await expect(importJWK(stored as never, "RS256")).rejects.toThrow();
    }
    // Without the secret, the keys in the dump stay locked.
    await expect(loadKeys(t.platform.db, Buffer.from("a guessed secret"), { tokenTtlSeconds: 3600 })).rejects.toThrow();
  });

  it("rotation: the new key signs, the JWKS serves old and new until the old key's tokens have expired", async () => {
    const { token } = await t.signUp(uniqueEmail("rotate"));
    const oldKid = decodeProtectedHeader(token).kid;
    const newKid = await rotateSigningKey(t.platform.db, platformSecret(), { tokenTtlSeconds: 3600 });

    const afterRestart = await loadKeys(t.platform.db, platformSecret(), { tokenTtlSeconds: 3600 });
    expect(afterRestart.signing.kid).toBe(newKid);
    expect(afterRestart.jwks.keys.map((key) => key.kid).sort()).toEqual([oldKid, newKid].sort());
    await expect(jwtVerify(token, afterRestart.verificationKeys)).resolves.toBeTruthy();

    // Once tokens of the old key can no longer be valid, the old key is gone from the JWKS.
    const later = await loadKeys(t.platform.db, platformSecret(), { tokenTtlSeconds: 0 });
    expect(later.jwks.keys.map((key) => key.kid)).toEqual([newKid]);
    await expect(jwtVerify(token, later.verificationKeys)).rejects.toThrow();
  });
});

describe("start-up with PostgreSQL", () => {
  it("refuses to start without SECRET_KEY, with one line", async () => {
    const server = new ServerProcess(4999, { DATABASE_URL: "postgres://nobody@127.0.0.1:9/none", SECRET_KEY: "" });
    expect(await server.exited).toBe(1);
    expect(server.output.trim()).toBe("SECRET_KEY must be set when DATABASE_URL is set (it encrypts the signing keys kept in the database).");
  }, 60_000);
});
