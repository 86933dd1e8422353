// A platform process for the project-API bench: two live projects (1k and 100k entries) and
// an API key each, made live with SetLiveVersion as publishing will, then served until SIGTERM.
// Prints one JSON line with what the bench needs. Runs under tsx (node --import tsx).
import { sql } from "kysely";
import { readConfig } from "../../server/config";
import { createPlatform } from "../../server/app";
import { setLiveVersion } from "../../server/projectEndpoint/live";
import { addField, initialModel, renameObjectType, type SchemaModel } from "../../src/domain/model";

function itemModel(): SchemaModel {
  const initial = initialModel();
  const typeId = initial.objectTypes[0].id;
  let model = renameObjectType(initial, typeId, "Item");
  model = addField(model, typeId, { name: "title", type: "String", directives: [] }).model;
  model = addField(model, typeId, { name: "score", type: "Integer", directives: [{ name: "sortBy" }] }).model;
  return addField(model, typeId, { name: "category", type: "String", directives: [] }).model;
}

const platform = await createPlatform(readConfig(process.env));
await platform.listen();
const { db } = platform;
await db.insertInto("orgs").values({ id: "org_bench", name: "Bench" }).onConflict((c) => c.doNothing()).execute();

const projects: Record<string, { apiId: string; key: string }> = {};
for (const size of (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number)) {
  const apiId = `api_bench${size}`;
  const model = itemModel();
  await db.insertInto("apis").values({ id: apiId, org_id: "org_bench", name: `Bench ${size}`, region: "eu-central-1", state: "PUBLISHED" }).execute();
  await db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model }));
  // Entries straight into the table: loading 100k rows through the API would measure the loading.
  await sql`insert into project_entries (api_id, type_id, id, data, created_at, updated_at)
    select ${apiId}, ${model.objectTypes[0].id}, 'e' || g,
      jsonb_build_object('title', 'Item ' || g, 'score', (g * 7919) % 100000, 'category', 'c' || (g % 10)),
      now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${size}) g`.execute(db);
  await sql`analyze project_entries`.execute(db);
  projects[size] = { apiId, key: (await platform.apiKeys.insertKey(db, apiId)).key };
}
console.log(JSON.stringify({ projects }));
process.on("SIGTERM", () => void platform.close().then(() => process.exit(0)));
