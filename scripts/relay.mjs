// `npm run relay` compiles the Relay artifacts and the server's resolver types once;
// `npm run relay -- --watch` recompiles on every change to src/, schema.graphql or
// schema.project.graphql. relay.config.json has two projects: src/data/entries/ compiles against
// a project's own API, the rest against the platform's. codegen.ts turns schema.graphql into the
// resolver types of server/graphql/__generated__/. relay-compiler's own --watch needs watchman,
// which Debian does not package, so watching is done here with fs.watch.
import { spawn } from "node:child_process";
import { mkdirSync, watch } from "node:fs";

mkdirSync("src/__generated__", { recursive: true });
const args = process.argv.slice(2).filter((arg) => arg !== "--watch");

function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: "inherit", shell: process.platform === "win32" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

// relay-compiler reads the schemas itself (relay.config.json). schema.graphql keeps no `extend type`:
// Relay would take those fields for client-only extensions and never send them.
const compileRelay = () => run("relay-compiler", args);
const generateResolverTypes = () => run("graphql-codegen", ["--config", "codegen.ts"]);
const compileAll = async () => Math.max(...(await Promise.all([compileRelay(), generateResolverTypes()])));

if (!process.argv.includes("--watch")) {
  process.exit(await compileAll());
}

let running = Promise.resolve();
const timers = new Map();
const schedule = (step) => () => {
  clearTimeout(timers.get(step));
  timers.set(
    step,
    setTimeout(() => {
      running = running.then(step);
    }, 150),
  );
};
await compileAll();
watch("src", { recursive: true }, (_event, file) => {
  if (file && !file.includes("__generated__") && /\.(ts|tsx)$/.test(file)) schedule(compileRelay)();
});
// The folder, not the files: an editor that saves by renaming (vim, sed -i) leaves a file watch
// on the old, deleted file.
const onSchemaChange = new Map([
  ["schema.graphql", schedule(compileAll)],
  ["schema.project.graphql", schedule(compileRelay)],
]);
watch(".", (_event, file) => onSchemaChange.get(file)?.());
console.log("Watching src/, schema.graphql and schema.project.graphql for Relay and resolver-type changes…");
