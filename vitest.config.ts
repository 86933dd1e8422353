import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Generous for a busy machine: starting a server under load has taken over a minute.
      testTimeout: 60_000,
      hookTimeout: 180_000,
      // Files run side by side in their own processes (vitest's default on 2 cores is one at a
      // time): a server test spends much of its time waiting on its own sockets and timers.
      maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
      projects: [
        {
          // Domain rules and the platform server need no DOM: Node's own globals (fetch, WebSocket,
          // crypto) and no window to build per file.
          extends: true,
          test: {
            name: "node",
            // PGlite's WebAssembly (all of PostgreSQL) compiled by the baseline compiler only, as
            // the server runs it (scripts/serverNodeFlags.mjs): tiering it up costs each worker
            // seconds of CPU that short test queries never earn back.
            execArgv: ["--liftoff-only"],
            // One worker runs file after file with its modules loaded once: importing the server
            // and compiling PGlite cost more than most files' tests. Nothing in these modules
            // keeps state between platforms; each file starts and closes its own.
            isolate: false,
            environment: "node",
            include: ["tests/**/*.test.ts"],
            exclude: ["tests/components/**"],
            setupFiles: ["./tests/setupNode.ts"],
            // The migrated databases every test platform copies (tests/server/testDatabase.ts).
            globalSetup: ["./tests/server/globalSetup.ts"],
          },
        },
        {
          extends: true,
          test: {
            name: "dom",
            environment: "happy-dom",
            include: ["tests/components/**/*.test.{ts,tsx}", "tests/**/*.test.tsx"],
            setupFiles: ["./tests/setupNode.ts", "./tests/setup.ts"],
          },
        },
      ],
    },
  }),
);
