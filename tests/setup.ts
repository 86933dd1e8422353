import { vi } from "vitest";
import { configure } from "@testing-library/dom";

// relay-test-utils reaches for jest's mock functions.
(globalThis as unknown as { jest: typeof vi }).jest = vi;
process.env.LOG_LEVEL ??= "silent";

// findBy… and waitFor give up after 1 s by default; on a busy CI machine a lazily imported
// module alone can take longer. The limit only costs time when a test fails.
configure({ asyncUtilTimeout: 10_000 });
// The same for vi.waitFor, whose default is also 1 s; an explicit timeout still wins.
const waitForWithin = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitForWithin(callback, typeof options === "number" ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor;
