import { vi } from "vitest";

// relay-test-utils reaches for jest's mock functions.
(globalThis as unknown as { jest: typeof vi }).jest = vi;
process.env.LOG_LEVEL ??= "silent";
