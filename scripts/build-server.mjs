// Bundles the server into dist/server/index.mjs (Node 20 cannot run .ts). Packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "dist/server/index.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The cloud functions' sandbox worker runs in a thread of its own, started from its own file
// (server/functions/sandbox/pool.ts looks for it beside the bundle).
await build({
  entryPoints: ["server/functions/sandbox/worker.mjs"],
  outfile: "dist/server/functionWorker.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  logLevel: "warning",
});
