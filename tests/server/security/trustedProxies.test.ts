// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../harness";
import { callFrom } from "./fromAddress";

/*
 * Per-source limits count the caller's address. X-Forwarded-For is written by whoever
 * sends the request, so it names the source only when a trusted proxy (TRUSTED_PROXIES) sent it.
 */
let t: TestPlatform | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = (env: Record<string, string> = {}) => startTestPlatform({ LIMITS: "signUpsPerSourcePerHour=3", ...env });

function signUpFrom(platform: TestPlatform, peer: string, email: string, forwardedFor?: string) {
  return callFrom(
    peer,
    `${platform.url}/auth`,
    "SignUp",
    { ClientId: "baukasten-console", Username: email, Password: "Winter2024y", UserAttributes: [{ Name: "email", Value: email }] },
    forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  );
}

describe("the source address of per-source limits", () => {
  it("ignores X-Forwarded-For by default: rotating a forged one does not escape the limit", async () => {
    t = await start();
    for (let i = 0; i < 3; i++) expect((await signUpFrom(t, "127.0.0.40", `forged${i}@example.com`, `203.0.113.${i}`)).status).toBe(200);
    const refused = await signUpFrom(t, "127.0.0.40", "forged3@example.com", "203.0.113.3");
    expect(refused.body.__type).toBe("LimitExceededException");
  });

  it("with TRUSTED_PROXIES, counts the right-most address that is not a trusted proxy", async () => {
    t = await start({ TRUSTED_PROXIES: "127.0.0.41, 10.0.0.0/8" });
    // Through the proxy at 127.0.0.41 (and an inner one at 10.1.2.3), each client is its own source.
    for (let i = 0; i < 3; i++) expect((await signUpFrom(t, "127.0.0.41", `proxied${i}@example.com`, "198.51.100.7, 10.1.2.3")).status).toBe(200);
    expect((await signUpFrom(t, "127.0.0.41", "proxied3@example.com", "198.51.100.7")).body.__type).toBe("LimitExceededException");
    expect((await signUpFrom(t, "127.0.0.41", "other@example.com", "198.51.100.8")).status).toBe(200);
    // What the client wrote to the left of what the proxy appended changes nothing.
    const prepended = await signUpFrom(t, "127.0.0.41", "prepended@example.com", "192.0.2.99, 198.51.100.7");
    expect(prepended.body.__type).toBe("LimitExceededException");
    // A caller that is not a trusted proxy cannot name a source either.
    for (let i = 0; i < 3; i++) expect((await signUpFrom(t, "127.0.0.42", `direct${i}@example.com`, `192.0.2.${i}`)).status).toBe(200);
    expect((await signUpFrom(t, "127.0.0.42", "direct3@example.com", "192.0.2.50")).body.__type).toBe("LimitExceededException");
  });
});
