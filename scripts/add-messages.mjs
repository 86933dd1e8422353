// Merges messages into locales/en.json and locales/de.json, keeping keys sorted.
// Usage: node scripts/add-messages.mjs messages.json   where the file is {"en": {...}, "de": {...}}
import { readFileSync, writeFileSync } from "node:fs";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const locale of ["en", "de"]) {
  if (!input[locale]) throw new Error(`${process.argv[2]} has no "${locale}" messages`);
  const path = new URL(`../locales/${locale}.json`, import.meta.url);
  const merged = { ...JSON.parse(readFileSync(path, "utf8")), ...input[locale] };
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]]));
  writeFileSync(path, JSON.stringify(sorted, null, 2) + "\n");
}
const missing = Object.keys(input.en).filter((key) => !(key in input.de));
if (missing.length) console.warn(`missing in de: ${missing.join(", ")}`);
