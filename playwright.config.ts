import { defineConfig } from "@playwright/test";

/**
 * Debian's Chromium against the real server; nothing downloads a browser (toolchain.md). Its
 * headless shell (package chromium-headless-shell): the same engine without the desktop
 * browser's display pipeline, which a test never looks at (docs/DECISIONS.md).
 */
export default defineConfig({
  testDir: "tests/e2e",
  // The migrated data directory every server copies (tests/e2e/globalSetup.ts).
  globalSetup: "./tests/e2e/globalSetup.ts",
  // Generous: a busy machine slows every step; the limits only cost time when a test fails.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two browsers and servers side by side on 2 cores (a third measured the same in CI, 290 against
  // 294 s, with more contention). E2E_WORKERS=1 runs one spec at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: undefined,
    // E2E_TRACE=1 keeps a failed test's trace (actions, console, network, sources) to debug it
    // locally. Off by default: recording every passing test cost a tenth of the run's CPU, and a
    // failure still prints its error and leaves the page's snapshot (error-context.md).
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false, snapshots: false } : "off",
    launchOptions: {
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    locale: "en-US",
  },
});
