import type { JobHandler } from "../jobs/runner";
import type { PublishDeps } from "./deps";
import { failPublishRun, runPublish } from "./pipeline";

export const PUBLISH_JOB = "api.publish";

export interface PublishJob {
  runId: string;
}

/** Publishes one run; when every attempt failed, the run fails where users see it. */
export function publishJob(deps: PublishDeps): JobHandler<PublishJob> {
  return {
    run: ({ runId }) => runPublish(deps, runId),
    giveUp: ({ runId }) => failPublishRun(deps, runId),
  };
}
