// `npm run relay` compiles the Relay artifacts once; `npm run relay -- --watch` recompiles on
// every change to src/ or schema.graphql. relay-compiler's own --watch needs watchman, which
// Debian does not package, so watching is done here with fs.watch.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { buildSchema, printSchema } from "graphql";

mkdirSync("src/__generated__", { recursive: true });
const args = process.argv.slice(2).filter((arg) => arg !== "--watch");

// Relay treats every `extend type` as a client-only extension and never sends those fields, so
// it compiles against schema.graphql with the extensions merged in (relay.config.json).
function mergeSchema() {
  mkdirSync("node_modules/.cache/relay", { recursive: true });
  const merged = printSchema(buildSchema(readFileSync("schema.graphql", "utf8")));
  writeFileSync("node_modules/.cache/relay/schema.graphql", merged + "\n");
}

function compile() {
  try {
    mergeSchema();
  } catch (error) {
    console.error(`schema.graphql: ${error.message}`);
    return Promise.resolve(1);
  }
  return new Promise((resolve) => {
    const child = spawn("relay-compiler", args, { stdio: "inherit", shell: process.platform === "win32" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

if (!process.argv.includes("--watch")) {
  process.exit(await compile());
}

let timer;
let running = Promise.resolve();
const schedule = () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(compile);
  }, 150);
};
await compile();
watch("src", { recursive: true }, (_event, file) => {
  if (file && !file.includes("__generated__") && /\.(ts|tsx)$/.test(file)) schedule();
});
watch("schema.graphql", schedule);
console.log("Watching src/ and schema.graphql for Relay changes…");
