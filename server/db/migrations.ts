import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { platform } from "./migrations/0001_platform";
import { orgArea } from "./migrations/0002_org_area";
import { projects } from "./migrations/0003_projects";
import { abuseLimits } from "./migrations/0004_abuse_limits";
import { orgWebsite } from "./migrations/0005_org_website";
import { publishing } from "./migrations/0006_publishing";
import { projectData } from "./migrations/0007_project_data";
import { payments } from "./migrations/0008_payments";
import { coupons } from "./migrations/0009_coupons";
import { csvImports } from "./migrations/0010_csv_imports";
import { entryOwners } from "./migrations/0011_entry_owners";
import { projectFiles } from "./migrations/0012_project_files";
import { projectUserPools } from "./migrations/0013_project_user_pools";
import { projectUserGroups } from "./migrations/0014_project_user_groups";
import { fileUploadOnce } from "./migrations/0015_file_upload_once";
import { publishRunFailure } from "./migrations/0016_publish_run_failure";
import { invoiceDetails } from "./migrations/0017_invoice_details";
import { apiKeyUses } from "./migrations/0018_api_key_uses";
import { activityChanges } from "./migrations/0019_activity_changes";
import { changeLog } from "./migrations/0020_change_log";
import { functionLogs } from "./migrations/0021_function_logs";
import { flows } from "./migrations/0022_flows";
import { customerApps } from "./migrations/0023_customer_apps";
import { triggerEvents } from "./migrations/0024_trigger_events";
import { appsyncProjects } from "./migrations/0025_appsync_projects";
import { entryTableStatistics } from "./migrations/0026_entry_table_statistics";

/**
 * Migrations run at start-up, in name order; one file each under ./migrations. Only
 * PostgreSQL 15 features: PGlite is newer and would accept more.
 */
const migrations: Record<string, Migration> = {
  "0001_platform": platform,
  "0002_org_area": orgArea,
  "0003_projects": projects,
  "0004_abuse_limits": abuseLimits,
  "0005_org_website": orgWebsite,
  "0006_publishing": publishing,
  "0007_project_data": projectData,
  "0008_payments": payments,
  "0009_coupons": coupons,
  "0010_csv_imports": csvImports,
  "0011_entry_owners": entryOwners,
  "0012_project_files": projectFiles,
  "0013_project_user_pools": projectUserPools,
  "0014_project_user_groups": projectUserGroups,
  "0015_file_upload_once": fileUploadOnce,
  "0016_publish_run_failure": publishRunFailure,
  "0017_invoice_details": invoiceDetails,
  "0018_api_key_uses": apiKeyUses,
  "0019_activity_changes": activityChanges,
  "0020_change_log": changeLog,
  "0021_function_logs": functionLogs,
  "0022_flows": flows,
  "0023_customer_apps": customerApps,
  "0024_trigger_events": triggerEvents,
  "0025_appsync_projects": appsyncProjects,
  "0026_entry_table_statistics": entryTableStatistics,
};

export async function migrateToLatest(db: Kysely<any>) {
  if (await upToDate(db)) return;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Database migration${failed ? ` ${failed}` : ""} failed: ${reason(error)}`);
  }
}

/**
 * The database has run exactly these migrations, as Kysely's own table records them. Every start
 * asks, and nearly always the answer is yes: Kysely's migrator would first read the whole catalog
 * to find its table (tens of milliseconds on PGlite) and take its lock only to find nothing to do.
 * Any other answer (a new database, a migration to run, one this code does not know) is the
 * migrator's, under its lock.
 */
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const { rows: tables } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!tables[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.length === Object.keys(migrations).length && rows.every((row) => Object.hasOwn(migrations, row.name));
}

/** PGlite rejects with plain objects, whose String() is "[object Object]"; say what went wrong. */
function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
