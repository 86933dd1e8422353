import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import viteConfig from "./vite.config";
import { POSTGRES_FREE_MARK } from "./tests/server/postgresFreeMark";

/**
 * Soak tests (`*.soak.test.ts`: large imports, servers killed mid-way) are a stage of their own,
 * `npm run soak` (TEST_SOAK=1), not part of the unit and server tests.
 */
const soak = process.env.TEST_SOAK === "1";

/** The throwaway PostgreSQL cluster's admin URL, when the run has one (scripts/with-postgres.sh). */
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Domain rules and the platform server: no DOM, Node's own globals (fetch, WebSocket, crypto). */
const nodeProject: TestProjectInlineConfiguration = {
  extends: true,
  // One graphql module, as the server has: vite would give our sources graphql's ESM build while
  // graphql-tools and yoga, loaded by Node, get its CommonJS one, and graphql refuses a schema's
  // types from the other copy ("from another module or realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] },
  test: {
    name: soak ? "soak" : "node",
    environment: "node",
    include: soak ? ["tests/**/*.soak.test.ts"] : ["tests/**/*.test.ts"],
    exclude: soak ? [] : ["tests/components/**", "tests/**/*.soak.test.ts"],
    setupFiles: ["./tests/setupNode.ts"],
    // The migrated databases every test platform copies (tests/server/testDatabase.ts).
    globalSetup: ["./tests/server/globalSetup.ts"],
    // PGlite's WebAssembly (all of PostgreSQL) compiled by the baseline compiler only, as the
    // server runs it (scripts/serverNodeFlags.mjs): tiering it up costs each worker seconds of CPU
    // that short test queries never earn back.
    execArgv: ["--liftoff-only"],
    // A worker runs file after file with its modules loaded once: importing the server and
    // compiling PGlite cost more than most files' tests. Nothing in these modules keeps state
    // between platforms; each file starts and closes its own.
    isolate: false,
    // On PGlite, the embedded default, even when the run also has PostgreSQL: the harness and the
    // tests read TEST_DATABASE_URL, and an empty one means none.
    env: soak ? {} : { TEST_DATABASE_URL: "" },
  },
};

/** The text files under `dir` whose path matches `name` and whose source matches `marker`. */
const testFilesMarked = (dir: string, name: RegExp, marker: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => name.test(path) && marker.test(readFileSync(join(dir, path), "utf8")))
    .map((path) => join(dir, path));

/** Server test files marked as opening no PostgreSQL database: the same code again on the postgres project. */
const postgresFreeServerTests = testFilesMarked("tests/server", /\.test\.ts$/, POSTGRES_FREE_MARK);

/**
 * The server's tests again on PostgreSQL, in the same run as the rest: files of both databases
 * share the cores, so one run's waits (sockets, timers, the database) are another file's CPU.
 */
const postgresProject: TestProjectInlineConfiguration = {
  extends: true,
  resolve: nodeProject.resolve,
  test: {
    ...nodeProject.test,
    name: "postgres",
    include: ["tests/server/**/*.test.ts"],
    exclude: ["tests/server/**/*.soak.test.ts", ...postgresFreeServerTests],
    env: { TEST_DATABASE_URL: postgresUrl ?? "" },
  },
};

const domTests = ["tests/components/**/*.test.{ts,tsx}", "tests/**/*.test.tsx"];

/**
 * The component test files that replace a module with `vi.mock`: a mock applies to the modules
 * its file imports afresh, so these run in a module graph of their own.
 */
const mockingDomTests = testFilesMarked("tests", /^components\/.*\.test\.tsx?$|\.test\.tsx$/, /\bvi\.mock\(/);

/**
 * The console's components, in happy-dom. Files share their worker's modules and environment
 * (setting up happy-dom and importing React and Relay cost more than most files' tests); each
 * test renders into a cleaned document (tests/setup.ts), and no module keeps state between files.
 */
const domProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "dom",
    environment: "happy-dom",
    include: domTests,
    exclude: mockingDomTests,
    setupFiles: ["./tests/setupNode.ts", "./tests/setup.ts"],
    isolate: false,
  },
};

/** The component files that mock modules, each in its own module graph. */
const mockingDomProject: TestProjectInlineConfiguration = {
  extends: true,
  test: { ...domProject.test, name: "dom-mocks", include: mockingDomTests, exclude: [], isolate: true },
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Generous for a busy machine: starting a server under load has taken over a minute.
      testTimeout: 60_000,
      hookTimeout: 180_000,
      // Two files side by side, each in its own process (vitest's default on 2 cores is one at a
      // time): a server test spends much of its time waiting on its sockets and timers.
      // TEST_WORKERS=1 runs one at a time, e.g. to compare files' times.
      maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
      projects: soak ? [nodeProject] : [nodeProject, ...(postgresUrl ? [postgresProject] : []), domProject, mockingDomProject],
    },
  }),
);
