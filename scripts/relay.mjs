// `npm run relay` compiles the Relay artifacts once; `npm run relay -- --watch` recompiles on
// every change to src/, schema.graphql or schema.project.graphql. relay.config.json has two
// projects: src/data/entries/ compiles against a project's own API, the rest against the
// platform's. relay-compiler's own --watch needs watchman, which Debian does not package, so
// watching is done here with fs.watch.
import { spawn } from "node:child_process";
import { mkdirSync, watch } from "node:fs";

mkdirSync("src/__generated__", { recursive: true });
const args = process.argv.slice(2).filter((arg) => arg !== "--watch");

// relay-compiler reads the schemas itself (relay.config.json). schema.graphql keeps no `extend type`:
// Relay would take those fields for client-only extensions and never send them.
function compile() {
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
watch("schema.project.graphql", schedule);
console.log("Watching src/, schema.graphql and schema.project.graphql for Relay changes…");
