// CSV import end to end (upload until the import reports DONE) of 10,000 and
// 100,000 rows, and the export of the whole table (then 120,000 rows), on PGlite and (under
// scripts/with-postgres.sh) PostgreSQL. Run alone with `npx tsx scripts/bench/csv.ts`
// (BENCH_PORT), or as part of `npm run bench -- --only=csv`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { IMPORT_POLL_MS } from "../../src/domain/csv";
import { createDatabase } from "../../tests/server/harness";
import { startProjectServer } from "./project-api";

const file = (rows: number, from: number) => {
  const lines = ["title,score,category"];
  for (let n = from; n < from + rows; n++) lines.push(`"Imported, ""${n}""",${n % 100000},c${n % 10}`);
  return `${lines.join("\r\n")}\r\n`;
};

async function importRows(base: URL, apiId: string, key: string, rows: number, from: number) {
  const body = file(rows, from);
  const started = performance.now();
  const response = await fetch(new URL(`/p/${apiId}/imports?table=Item&fileName=bench.csv`, base), { method: "POST", headers: { "x-api-key": key }, body });
  const { import: created } = (await response.json()) as { import: { id: string } };
  for (;;) {
    const status = (await (await fetch(new URL(`/p/${apiId}/imports/${created.id}`, base), { headers: { "x-api-key": key } })).json()) as {
      import: { status: string; rowsDone: number; rowsFailed: number };
    };
    if (status.import.status === "DONE" || status.import.status === "FAILED") {
      return { seconds: (performance.now() - started) / 1000, ...status.import, bytes: body.length };
    }
    // As the console's dialog asks: 'done' as the user sees it, and no extra load on the import.
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
  }
}

/**
 * On PGlite with its files on disk (the embedded default), and on PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 */
export async function benchCsv(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-bench-csv-"));
  try {
    await benchCsvOn(port, "PGlite (on disk)", { DATA_DIR: dataDir, DATABASE_URL: "" });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!process.env.TEST_DATABASE_URL) return;
  const database = await createDatabase(process.env.TEST_DATABASE_URL);
  try {
    await benchCsvOn(port + 1, "PostgreSQL", { DATA_DIR: "memory://", DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

async function benchCsvOn(port: number, label: string, env: Record<string, string>) {
  const server = await startProjectServer(port, { ...env, BENCH_SIZES: "10000" });
  try {
    const { apiId, key } = Object.values(server.prepared.projects)[0];
    for (const [rows, goal] of [
      [10_000, 4],
      [100_000, label === "PostgreSQL" ? 4 : 6],
    ] as const) {
      const result = await importRows(server.base, apiId, key, rows, rows);
      console.log(
        `${label} CSV import of ${rows.toLocaleString("en")} rows (${(result.bytes / 1e6).toFixed(1)} MB), end to end: ${result.seconds.toFixed(2)} s, ` +
          `${result.rowsDone.toLocaleString("en")} written, ${result.rowsFailed} failed (goal <= ${goal} s; Directus 13.8 s for 10,000)`,
      );
    }
    const started = performance.now();
    const response = await fetch(new URL(`/p/${apiId}/export.csv?table=Item`, server.base), { headers: { "x-api-key": key } });
    const text = await response.text();
    const lines = text.split("\r\n").length - 2;
    console.log(`${label} CSV export of ${lines.toLocaleString("en")} rows (${(text.length / 1e6).toFixed(1)} MB): ${((performance.now() - started) / 1000).toFixed(2)} s`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchCsv(Number(process.env.BENCH_PORT ?? 4535));
