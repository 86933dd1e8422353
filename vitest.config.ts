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
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
