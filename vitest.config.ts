import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "happy-dom",
      setupFiles: ["./tests/setup.ts"],
      include: ["tests/**/*.test.{ts,tsx}"],
      // Server tests share one embedded database per file; files run in parallel processes.
      // Generous for a busy machine: starting a server under load has taken over a minute.
      testTimeout: 60_000,
      hookTimeout: 180_000,
    },
  }),
);
