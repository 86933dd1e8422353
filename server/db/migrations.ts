import { Migrator, type Kysely, type Migration } from "kysely";
import { platform } from "./migrations/0001_platform";
import { orgArea } from "./migrations/0002_org_area";
import { projects } from "./migrations/0003_projects";
import { orgWebsite } from "./migrations/0004_org_website";

/**
 * Migrations run at start-up, in name order; one file each under ./migrations. Only
 * PostgreSQL 15 features: PGlite is newer and would accept more.
 */
const migrations: Record<string, Migration> = {
  "0001_platform": platform,
  "0002_org_area": orgArea,
  "0003_projects": projects,
  "0004_org_website": orgWebsite,
};

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Database migration ${failed ?? ""} failed: ${String(error)}`);
  }
}
