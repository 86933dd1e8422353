#!/usr/bin/env node
/**
 * Lists import cycles among the console's and server's TypeScript files (static and dynamic
 * imports; `import type` is left out, as it vanishes from the build). Exits 1 when there is one.
 * Usage: node scripts/importCycles.mjs [folder ...]   (default: src server)
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ["src", "server"];
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "__generated__") continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) files.push(resolve(path));
  }
};
roots.filter(existsSync).forEach(walk);

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
const resolveImport = (from, spec) => {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
};
const edges = new Map();
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    if (match[1]) continue;
    const target = resolveImport(file, match[2] ?? match[3]);
    if (target) targets.add(target);
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components: each component of more than one file is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
const connect = (file) => {
  const own = { index, low: index, onStack: true };
  index++;
  state.set(file, own);
  stack.push(file);
  for (const next of edges.get(file) ?? []) {
    const seen = state.get(next);
    if (!seen) {
      connect(next);
      own.low = Math.min(own.low, state.get(next).low);
    } else if (seen.onStack) own.low = Math.min(own.low, seen.index);
  }
  if (own.low === own.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component);
  }
};
for (const file of files) if (!state.has(file)) connect(file);

const cwd = process.cwd() + "/";
for (const cycle of cycles) console.log(`cycle: ${cycle.map((file) => file.replace(cwd, "")).sort().join(" ↔ ")}`);
console.log(cycles.length ? `${cycles.length} import cycles` : "no import cycles");
process.exit(cycles.length ? 1 : 0);
