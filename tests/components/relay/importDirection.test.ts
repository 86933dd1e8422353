import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * "nothing in src/relay or src/session importing screens or routes" — routes lead to
 * screens and screens to fragments, one way; the data layer below them never points back up.
 */
const SRC = resolve(__dirname, "../../../src");
const LOW_LEVEL = ["relay", "session"];
/** What the data layer may use: itself, the shared rules, storage, the sign-in client, artifacts. */
const ALLOWED = ["relay", "session", "domain", "storage.ts", "__generated__", "auth/credentialStorage.ts", "auth/cognitoClient.ts"];

const sourcesOf = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourcesOf(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

function relativeImports(file: string) {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/(?:from\s+|import\()\s*"(\.[^"]+)"/g)].map((match) => {
    const target = relative(SRC, resolve(SRC, dirname(file), match[1]));
    return /\.(tsx?|graphql)$/.test(target) || target.startsWith("__generated__") ? target : `${target}.ts`;
  });
}

describe("the import direction of the console", () => {
  it("src/relay and src/session import no screen, layout or route", () => {
    const upward = LOW_LEVEL.flatMap(sourcesOf).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !ALLOWED.some((allowed) => target === allowed || target.startsWith(`${allowed}/`)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
