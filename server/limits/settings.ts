import { DEFAULT_FILE_MAX_BYTES } from "../../src/domain/files";

/**
 * Abuse limits a real product has. Defaults suit a team; `LIMITS` overrides any of
 * them as `name=value,…` (tests that create many workspaces raise them, security tests lower them).
 */
export interface Limits {
  invitationsPerWorkspacePerHour: number;
  /** Invitations whose invitee has not signed in to the workspace yet. */
  pendingInvitationsPerWorkspace: number;
  /** Workspaces a user owns. */
  workspacesPerUser: number;
  signUpsPerAddressPerHour: number;
  signUpsPerSourcePerHour: number;
  codeMailsPerAddressPerHour: number;
  codeMailsPerSourcePerHour: number;
  /** Projects publishing at the same time on this platform (spec §8 'Too many projects are publishing…'). */
  projectsPublishingAtOnce: number;
  /** CSV imports one caller (member or API key) starts in one project per hour. */
  csvImportsPerCallerPerHour: number;
  /** CSV exports one caller downloads from one project per hour. */
  csvExportsPerCallerPerHour: number;
  /** The largest CSV file an import takes, in bytes (413 beyond). */
  csvImportMaxBytes: number;
  /** The largest file one signed upload URL accepts, in bytes (413 beyond). */
  fileMaxBytes: number;
  /** Upload intents and inline uploads one caller asks for in one project per hour. */
  fileUploadsPerCallerPerHour: number;
  /** The most bytes one GraphQL answer may carry, counted as entries are read and again when it is written. */
  responseMaxBytes: number;
  /** The most entries a list's exact count (the pager's "count exactly") counts before it says "more". */
  listCountMax: number;
  /** How long a list's exact count may run, in milliseconds (PostgreSQL's statement_timeout). */
  listCountTimeoutMs: number;
  /** API keys of one project that have not expired (rotation's successors count too). */
  apiKeysPerProject: number;
  /** The most bytes a MODIFY activity keeps of the values it changed; larger values are kept as "too large". */
  activityChangeMaxBytes: number;
  /** How often an AppSync realtime connection hears `ka`, in milliseconds (clients count it lost after 65 s of silence). */
  realtimeKeepAliveMs: number;
  /** Subscriptions one AppSync realtime connection holds at once (AppSync's own quota is 100). */
  realtimeSubscriptionsPerSocket: number;
  /** The most bytes an imported project's live API may answer one call with (its introspection, a page of rows). */
  importMaxBytes: number;
  /** How long the change log keeps an event, in seconds: how far back a reconnecting subscriber can resume. */
  changeRetentionSeconds: number;
  /** Milliseconds of computing one cloud function invocation may use (its waits on context.graphql do not count). */
  functionCpuMs: number;
  /** Milliseconds one invocation may take in all, waits included. */
  functionWallMs: number;
  /** The memory one invocation's JavaScript heap may use, in bytes. */
  functionMemoryBytes: number;
  /** The largest request body a function URL takes, in bytes (413 beyond). */
  functionRequestMaxBytes: number;
  /** The largest result a function may answer, in bytes (its invocation fails beyond). */
  functionResultMaxBytes: number;
  /** Invocations running at once on this platform; more are refused until one ends. */
  functionsAtOnce: number;
  /** Invocations of one project running at once. */
  functionsPerProjectAtOnce: number;
  /** Function URL calls one caller makes in one project per minute. */
  functionCallsPerCallerPerMinute: number;
  /** Trigger invocations kept per table and trigger for replaying a changed function against them. */
  triggerReplayEvents: number;
  /** Flows one project may have. */
  flowsPerProject: number;
  /** Steps one flow may have. */
  flowStepsMax: number;
  /** The largest flow schema, in bytes of its JSON text. */
  flowSchemaMaxBytes: number;
  /** Runs one project's flows may start per minute; more are recorded as stopped by the limit. */
  flowRunsPerMinute: number;
  /** Steps one run may execute (a loop through next/else ends here). */
  flowStepsPerRun: number;
  /** How long one run may take, delays aside, in milliseconds. */
  flowRunMs: number;
  /** How many runs deep a flow's own writes may start further runs (a flow that triggers itself stops here). */
  flowChainDepth: number;
  /** Items one loop step goes through; a longer list stops the run at the loop, saying so. */
  flowLoopIterations: number;
  /** How long a flow's HTTP request step waits for the answer, in milliseconds. */
  flowHttpTimeoutMs: number;
  /** The largest answer a flow's HTTP request step reads, in bytes. */
  flowHttpMaxBytes: number;
  /** The wait before a failed step's first retry, in milliseconds; each further retry waits twice as long. */
  flowRetryBaseMs: number;
  /** The longest wait before one retry, in milliseconds. */
  flowRetryMaxMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  invitationsPerWorkspacePerHour: 50,
  pendingInvitationsPerWorkspace: 100,
  workspacesPerUser: 20,
  signUpsPerAddressPerHour: 5,
  signUpsPerSourcePerHour: 30,
  codeMailsPerAddressPerHour: 5,
  codeMailsPerSourcePerHour: 50,
  projectsPublishingAtOnce: 20,
  csvImportsPerCallerPerHour: 60,
  csvExportsPerCallerPerHour: 300,
  csvImportMaxBytes: 100 * 1024 * 1024,
  fileMaxBytes: DEFAULT_FILE_MAX_BYTES,
  fileUploadsPerCallerPerHour: 1000,
  responseMaxBytes: 16 * 1024 * 1024,
  listCountMax: 1_000_000,
  listCountTimeoutMs: 5000,
  apiKeysPerProject: 50,
  activityChangeMaxBytes: 16 * 1024,
  realtimeKeepAliveMs: 30_000,
  realtimeSubscriptionsPerSocket: 100,
  importMaxBytes: 8 * 1024 * 1024,
  changeRetentionSeconds: 24 * 60 * 60,
  functionCpuMs: 2000,
  functionWallMs: 10_000,
  functionMemoryBytes: 64 * 1024 * 1024,
  functionRequestMaxBytes: 1024 * 1024,
  functionResultMaxBytes: 6 * 1024 * 1024,
  functionsAtOnce: 4,
  functionsPerProjectAtOnce: 2,
  functionCallsPerCallerPerMinute: 600,
  triggerReplayEvents: 20,
  flowsPerProject: 100,
  flowStepsMax: 50,
  flowSchemaMaxBytes: 256 * 1024,
  flowRunsPerMinute: 120,
  flowStepsPerRun: 200,
  flowRunMs: 60_000,
  flowChainDepth: 5,
  flowLoopIterations: 1000,
  flowHttpTimeoutMs: 10_000,
  flowHttpMaxBytes: 1024 * 1024,
  flowRetryBaseMs: 2000,
  flowRetryMaxMs: 5 * 60 * 1000,
};

export function readLimits(setting: string | undefined): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const part of (setting ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split("=").map((p) => p.trim());
    const number = Number(value);
    if (!(name in limits) || !Number.isInteger(number) || number < 0) {
      throw new Error(`LIMITS: "${part}" is not one of ${Object.keys(limits).join(", ")} with a whole number`);
    }
    limits[name as keyof Limits] = number;
  }
  return limits;
}
