import { vi } from "vitest";
import { configure } from "@testing-library/dom";

// The console's tests (happy-dom); tests/setupNode.ts runs first.
// relay-test-utils reaches for jest's mock functions.
(globalThis as unknown as { jest: typeof vi }).jest = vi;

// findBy… and waitFor give up after 1 s by default; on a busy CI machine a lazily imported
// module alone can take longer. The limit only costs time when a test fails.
configure({ asyncUtilTimeout: 10_000 });
