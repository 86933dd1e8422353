// A platform process for the project-API bench: live projects (1k and 100k entries of 3 fields,
// 10k entries of 20 fields) and an API key each, made live with SetLiveVersion as publishing
// will, then served until SIGTERM. Prints one JSON line with what the bench needs, and answers
// the bench's IPC messages by measuring the floor (./listFloor.ts) in this process.
import { sql } from "kysely";
import { readConfig } from "../../server/config";
import { createPlatform } from "../../server/app";
import { setLiveVersion } from "../../server/projectEndpoint/live";
import { addField, initialModel, renameObjectType, type SchemaModel } from "../../src/domain/model";
import { measureFloor, type FloorRequest, type FloorTable } from "./listFloor";

/** Extra String fields of the wide table, beside title, score and category. */
const EXTRA_FIELDS = 17;

function itemModel(extraFields: number): SchemaModel {
  const initial = initialModel();
  const typeId = initial.objectTypes[0].id;
  let model = renameObjectType(initial, typeId, "Item");
  model = addField(model, typeId, { name: "title", type: "String", directives: [] }).model;
  model = addField(model, typeId, { name: "score", type: "Integer", directives: [{ name: "sortBy" }] }).model;
  model = addField(model, typeId, { name: "category", type: "String", directives: [] }).model;
  for (let index = 1; index <= extraFields; index++) model = addField(model, typeId, { name: `text${index}`, type: "String", directives: [] }).model;
  return model;
}

const platform = await createPlatform(readConfig(process.env));
await platform.listen();
const { db } = platform;
await db.insertInto("orgs").values({ id: "org_bench", name: "Bench" }).onConflict((c) => c.doNothing()).execute();

const projects: Record<string, { apiId: string; key: string; fields: string[] }> = {};
const tables = new Map<string, FloorTable>();
const sizes = (process.env.BENCH_SIZES ?? "1000,100000,wide10000").split(",");
for (const name of sizes) {
  const wide = name.startsWith("wide");
  const size = Number(name.replace("wide", ""));
  const apiId = `api_bench_${name}`;
  const model = itemModel(wide ? EXTRA_FIELDS : 0);
  const typeId = model.objectTypes[0].id;
  const extra = Array.from({ length: wide ? EXTRA_FIELDS : 0 }, (_, index) => `text${index + 1}`);
  await db.insertInto("apis").values({ id: apiId, org_id: "org_bench", name: `Bench ${name}`, region: "eu-central-1", state: "PUBLISHED" }).execute();
  await db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model }));
  const extraValues = extra.map((field) => sql`jsonb_build_object(${sql.lit(field)}, 'Some text of ' || ${sql.lit(field)} || ' ' || g)`);
  const data = sql.join([sql`jsonb_build_object('title', 'Item ' || g, 'score', (g * 7919) % 100000, 'category', 'c' || (g % 10))`, ...extraValues], sql` || `);
  // Entries straight into the table: loading 100k rows through the API would measure the loading.
  await sql`insert into project_entries (api_id, type_id, id, data, created_at, updated_at)
    select ${apiId}, ${typeId}, 'e' || g, ${data}, now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${size}) g`.execute(db);
  await sql`analyze project_entries`.execute(db);
  projects[name] = { apiId, key: (await platform.apiKeys.insertKey(db, apiId)).key, fields: ["id", "title", "score", ...extra] };
  tables.set(name, { apiId, model });
}
process.on("message", (request: FloorRequest) => {
  void measureFloor(db, tables.get(request.project)!, request).then((result) => process.send!(result));
});
console.log(JSON.stringify({ projects }));
process.on("SIGTERM", () => void platform.close().then(() => process.exit(0)));
