// Fails when locales/en.json and locales/de.json do not hold the same keys, or a value is empty.
import { readFileSync } from "node:fs";

const en = JSON.parse(readFileSync("locales/en.json", "utf8"));
const de = JSON.parse(readFileSync("locales/de.json", "utf8"));
const problems = [
  ...Object.keys(en).filter((key) => !(key in de)).map((key) => `missing in de: ${key}`),
  ...Object.keys(de).filter((key) => !(key in en)).map((key) => `missing in en: ${key}`),
  ...Object.entries({ ...en, ...de }).filter(([, value]) => !String(value).trim()).map(([key]) => `empty: ${key}`),
];
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`locales: ${Object.keys(en).length} keys in en and de`);
