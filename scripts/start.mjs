// `npm start`: builds what is missing or out of date, then runs the server with the console.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "./serverNodeFlags.mjs";

const outputs = ["dist/console/index.html", "dist/server/index.mjs", "dist/server/functionWorker.mjs"];
const sources = ["src", "server", "locales", "schema.graphql", "index.html", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "__generated__" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log("Building the console and the server…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Arguments pass through: `npm run rotate-key` is `start.mjs rotate-key`.
// NODE_ENV=production unless told otherwise: graphql-js then skips its development-only checks
// (a costly instanceOf on every type test of every request).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/index.mjs", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
