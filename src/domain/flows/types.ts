/**
 * A flow's schema (spec §3 Flow.schema): JSON with triggers, steps and startStep. Triggers start a
 * run; the run executes steps from startStep, each naming the step that follows (`next`; a
 * condition also `else`). Values are constants or `{{…}}` references (./expressions.ts).
 */
export const TRIGGER_VARIANTS = ["data", "schedule", "webhook", "manual"] as const;
export type TriggerVariant = (typeof TRIGGER_VARIANTS)[number];

export const DATA_CHANGES = ["create", "update", "delete"] as const;
export type DataChange = (typeof DATA_CHANGES)[number];

export const STEP_VARIANTS = ["createEntry", "updateEntry", "deleteEntry", "sendEmail", "condition", "delay", "callFunction", "httpRequest", "loop"] as const;
export type StepVariant = (typeof STEP_VARIANTS)[number];

/**
 * Steps a run may try again when they fail: their effect is outside the project's data, so a
 * second attempt is what a user expects. Entry actions are not: a create that timed out may have
 * written, and a second one would write twice.
 */
export const RETRYABLE_STEP_VARIANTS: readonly StepVariant[] = ["httpRequest", "sendEmail", "callFunction"];
/** The most retries one step may have. */
export const STEP_RETRIES_MAX = 5;

export const CONDITION_OPERATORS = ["equals", "notEquals", "greaterThan", "lessThan", "contains", "isEmpty", "isNotEmpty"] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Position {
  x: number;
  y: number;
}

export interface FlowTrigger {
  id: string;
  name: string;
  /** Empty while the user has not chosen (spec §5: variant required). */
  variant: TriggerVariant | "";
  /** data: the table's name. */
  table?: string;
  /** data: which changes start a run. */
  changes?: DataChange[];
  /** schedule: a cron expression (five or six fields). */
  cron?: string;
  /** schedule: an IANA time zone; UTC when empty. */
  timeZone?: string;
  /** webhook: what the caller must send as x-flow-secret. */
  secret?: string;
  position?: Position;
}

export interface FlowStep {
  id: string;
  name?: string;
  variant: StepVariant | "";
  /** createEntry, updateEntry, deleteEntry: the table's name. */
  table?: string;
  /** updateEntry, deleteEntry: the entry's id (usually a reference). */
  entryId?: string;
  /** createEntry, updateEntry: field name → value (constant or reference). */
  fields?: Record<string, string>;
  /** sendEmail */
  to?: string;
  subject?: string;
  /** sendEmail: the mail's text; httpRequest: the request's body. */
  body?: string;
  /** httpRequest: method, address (public only) and headers (name → value); `body` is sent as is. */
  method?: HttpMethod;
  url?: string;
  headers?: Record<string, string>;
  /** loop: a reference to a list; each item runs the steps from `loopStep` with `{{loop.item}}` and `{{loop.index}}`. */
  items?: string;
  loopStep?: string | null;
  /** condition: left operator right; then `next`, else `else`. */
  left?: string;
  operator?: ConditionOperator;
  right?: string;
  else?: string | null;
  /** delay: how long, in seconds. */
  seconds?: number;
  /** callFunction: the cloud function's key; its event is `fields`. */
  functionKey?: string;
  /** httpRequest, sendEmail, callFunction: how often a failed attempt is tried again (0 to STEP_RETRIES_MAX), with a back-off that doubles. */
  retries?: number;
  next?: string | null;
  position?: Position;
}

export interface FlowSchema {
  triggers: FlowTrigger[];
  steps: FlowStep[];
  startStep: string | null;
}

/** Spec §4: 'A flow starts with empty triggers, empty steps and no start step.' */
export const emptyFlowSchema = (): FlowSchema => ({ triggers: [], steps: [], startStep: null });

/** What is wrong, where: the message id (locales/) with its values, and the trigger or step it is about. */
export interface FlowProblem {
  messageId: string;
  values?: Record<string, string | number>;
  triggerId?: string;
  stepId?: string;
  field?: string;
}
