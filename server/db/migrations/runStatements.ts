import { sql, type Kysely } from "kysely";

/** Drivers run one statement per call (extended protocol), so a script is split at `;`. */
export async function runStatements(db: Kysely<unknown>, script: string) {
  for (const statement of script.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
