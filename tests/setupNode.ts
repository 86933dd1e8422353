import { vi } from "vitest";
import { useNativeModPow } from "./support/cognitoModPow";

process.env.LOG_LEVEL ??= "silent";

// vi.waitFor gives up after 1 s by default; on a busy CI machine a lazily imported module alone
// can take longer. The limit only costs time when a test fails; an explicit timeout still wins.
// Wrapped once per worker: without isolation this file runs again before every test file.
const wrapped = Symbol.for("baukasten.waitForWithin");
if (!(wrapped in vi.waitFor)) {
  const waitForWithin = vi.waitFor;
  vi.waitFor = Object.assign(
    ((callback, options) => waitForWithin(callback, typeof options === "number" ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor,
    { [wrapped]: true },
  );
}

// amazon-cognito-identity-js's SRP arithmetic by OpenSSL (tests/support/cognitoModPow.ts).
useNativeModPow();
