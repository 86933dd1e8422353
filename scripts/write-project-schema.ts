// Writes schema.project.graphql, the part of every project's own API that the console can
// compile against, from the server's generator. `npx tsx scripts/write-project-schema.ts`;
// tests/server/projectEndpoint/baseSchema.test.ts fails while the file is stale.
import { writeFileSync } from "node:fs";
import { projectBaseSchemaText } from "../server/projectEndpoint/schema/schema";

writeFileSync(new URL("../schema.project.graphql", import.meta.url), projectBaseSchemaText() + "\n");
