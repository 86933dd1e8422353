// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSchema, isObjectType } from "graphql";
import { platformResolvers } from "../../server/graphql/schema";

const root = new URL("../../", import.meta.url).pathname;
const schema = buildSchema(readFileSync(join(root, "schema.graphql"), "utf8"));

/** Server files (the project API aside, whose schema is built per project) that define a resolver map. */
function resolverMapFiles(dir = join(root, "server")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "projectEndpoint" || entry.name === "__generated__" ? [] : resolverMapFiles(path);
    return /\.ts$/.test(entry.name) && /^export const \w+Resolvers\b/m.test(readFileSync(path, "utf8")) ? [path] : [];
  });
}

describe("resolvers generated from schema.graphql", () => {
  it("gives every field that takes arguments a resolver of its own, since the default resolver ignores them", () => {
    const resolved = new Set(
      platformResolvers.flatMap((map) => Object.entries(map).flatMap(([type, fields]) => Object.keys(fields ?? {}).map((field) => `${type}.${field}`))),
    );
    const unresolved = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .filter((type) => !type.name.startsWith("__"))
      .flatMap((type) => Object.values(type.getFields()).filter((field) => field.args.length > 0).map((field) => `${type.name}.${field.name}`))
      .filter((name) => !resolved.has(name));
    expect(unresolved).toEqual([]);
  });

  it("types each resolver map with the generated Resolvers, so arguments, parents and results follow the schema", () => {
    const files = resolverMapFiles();
    expect(files.length).toBeGreaterThanOrEqual(13);
    const untyped = files.flatMap((path) => {
      const text = readFileSync(path, "utf8");
      const maps = text.match(/^export const \w+Resolvers\b[^=]*=/gm) ?? [];
      return maps.filter((declaration) => !/: Resolvers(\[\])? =$/.test(declaration)).map((declaration) => `${relative(root, path)}: ${declaration}`);
    });
    expect(untyped).toEqual([]);
  });

  it("leaves no hand-written argument or input types beside them to drift from the schema", () => {
    const handWritten = resolverMapFiles().flatMap((path) =>
      (readFileSync(path, "utf8").match(/^(?:export )?(?:interface|type) \w+(?:Input|Args)\b/gm) ?? []).map((line) => `${relative(root, path)}: ${line}`),
    );
    expect(handWritten).toEqual([]);
  });
});
