import { log } from "../log";
import type { PublishDeps } from "./deps";
import { failPublishRun, runPublish } from "./pipeline";
import { projectsPublishingWithoutRun, runsInProgress } from "./store";

/**
 * At start-up, before serving: a server killed mid-publish leaves runs IN_PROGRESS and their job
 * leased to a worker that no longer exists. Each run is finished now (publishing is idempotent
 * and takes milliseconds) or failed, and a project left in a publishing state with no run in
 * progress is failed, so none stays PUBLISHING. The leftover job then finds its run over.
 */
export async function recoverPublishing(deps: PublishDeps): Promise<void> {
  for (const run of await runsInProgress(deps.db)) {
    try {
      await runPublish(deps, run.id);
    } catch (error) {
      log.error(`resuming publish run ${run.id} failed:`, error);
      await failPublishRun(deps, run.id);
    }
  }
  for (const { id } of await projectsPublishingWithoutRun(deps.db)) {
    await deps.db
      .updateTable("apis")
      .set({ state: "PUBLISHING_FAILED", updated_at: new Date() })
      .where("id", "=", id)
      .where("state", "like", "PUBLISHING%")
      .execute();
  }
}
