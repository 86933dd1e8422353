import { isPublishing } from "../apiState";

/** The publishing screen's three steps (spec §4 'Progress steps'). */
export const PUBLISH_STEPS = ["prepareStack", "createSchema", "deployResolvers"] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];
export type StepStatus = "done" | "inProgress" | "failed" | "pending";

/** Step 1 covers PUBLISHING and PUBLISHING_PREPARE; PUBLISHED is past all three. */
function stepIndex(state: string): number {
  switch (state) {
    case "PUBLISHING":
    case "PUBLISHING_PREPARE":
      return 0;
    case "PUBLISHING_SCHEMA":
      return 1;
    case "PUBLISHING_RESOLVERS":
      return 2;
    case "PUBLISHED":
      return PUBLISH_STEPS.length;
    default:
      return -1;
  }
}

/**
 * Each step's status: done when the state is past it, in progress when current, failed when the
 * state is PUBLISHING_FAILED while it was current. The failed state does not say where it failed,
 * so `lastProgressState` is the last publishing state seen (the first step when none was).
 */
export function publishStepStatuses(state: string, lastProgressState?: string | null): Record<PublishStep, StepStatus> {
  const failed = state === "PUBLISHING_FAILED";
  const current = failed ? Math.max(0, stepIndex(lastProgressState ?? "PUBLISHING")) : stepIndex(state);
  const statusOf = (index: number): StepStatus => {
    if (index < current) return "done";
    if (index > current) return "pending";
    return failed ? "failed" : "inProgress";
  };
  return {
    prepareStack: statusOf(0),
    createSchema: statusOf(1),
    deployResolvers: statusOf(2),
  };
}

/** On PUBLISHED or PUBLISHING_FAILED the console stops listening and reloads the project (spec §4). */
export const isPublishFinished = (state: string) => state === "PUBLISHED" || state === "PUBLISHING_FAILED";

export interface PublishWidgetInput {
  state: string;
  creationType: string;
  graphqlUrl: string | null;
  unpublishedChanges: boolean;
}

/** The case of the dashboard's publish widget (spec §2 'Project dashboard and publish widget'). */
export type PublishWidgetCase = "unpublished" | "publishing" | "failed" | "changes" | "live";

export function publishWidgetCase(api: PublishWidgetInput): PublishWidgetCase {
  if (isPublishing(api.state)) return "publishing";
  if (api.state === "PUBLISHING_FAILED") return "failed";
  if (!api.graphqlUrl) return "unpublished";
  return api.unpublishedChanges ? "changes" : "live";
}

export type PublishButtonLabel = "viewProgress" | "publishChanges" | "publish";
export type PublishButtonTarget = "publishing" | "overview" | "publishAuth";

/**
 * The publish button: hidden for an IMPORTED project with no graphqlUrl and no unpublished
 * changes; its label and where it leads follow spec §2.
 */
export function publishButton(api: PublishWidgetInput): { label: PublishButtonLabel; target: PublishButtonTarget } | null {
  if (api.state === "IMPORTED" && !api.graphqlUrl && !api.unpublishedChanges) return null;
  if (isPublishing(api.state)) return { label: "viewProgress", target: "publishing" };
  const label = api.graphqlUrl && api.unpublishedChanges ? "publishChanges" : "publish";
  return { label, target: api.graphqlUrl ? "overview" : "publishAuth" };
}
