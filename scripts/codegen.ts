// The server's resolver types from schema.graphql, as codegen.ts configures them. Run through tsx
// rather than `graphql-codegen --config codegen.ts`: the CLI would load a TypeScript config with
// the `typescript` package's own API, which the native TypeScript compiler (7) no longer has.
import { generate } from "@graphql-codegen/cli";
import config from "../codegen";

await generate(config, true);
