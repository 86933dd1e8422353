// The server's resolver types from schema.graphql, as codegen.ts configures them: GraphQL Code
// Generator's core with its two plugins. Its CLI adds config discovery, watching and loaders this
// one file does not need, at ~160 more packages for every `npm ci`.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { codegen } from "@graphql-codegen/core";
import * as typescript from "@graphql-codegen/typescript";
import * as typescriptResolvers from "@graphql-codegen/typescript-resolvers";
import { buildSchema, lexicographicSortSchema, parse, printSchema } from "graphql";
import { config, outputFile, schemaFile } from "../codegen";

// Sorted, as the CLI sorts it: types and fields in name order whatever the schema file's order.
const schemaAst = lexicographicSortSchema(buildSchema(await readFile(schemaFile, "utf8")));
const output = await codegen({
  filename: outputFile,
  schema: parse(printSchema(schemaAst)),
  schemaAst,
  documents: [],
  config,
  plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
  pluginMap: { typescript, typescriptResolvers },
});
const previous = await readFile(outputFile, "utf8").catch(() => "");
// Unchanged types keep their file's time, so watchers (vite, tsc --watch) see no change.
if (output !== previous) {
  await mkdir(dirname(outputFile), { recursive: true });
  await writeFile(outputFile, output);
}
