import { type } from "arktype";
import { Cron } from "croner";
import { FlowSchemaShape } from "./shape";
import { isKnownReference, referencesIn } from "./expressions";
import { RETRYABLE_STEP_VARIANTS, type FlowProblem, type FlowSchema, type FlowStep, type FlowTrigger } from "./types";

/** Spec §5: a trigger's name has at least 3 characters. */
export const TRIGGER_NAME_MIN = 3;
/** A webhook's secret is long enough not to be guessed. */
export const WEBHOOK_SECRET_MIN = 16;
/** The longest delay step: a week. */
export const DELAY_MAX_SECONDS = 7 * 24 * 60 * 60;

export interface FlowBounds {
  /** Steps one flow may have (LIMITS flowStepsMax). */
  maxSteps: number;
  /** Bytes of the schema's JSON text (LIMITS flowSchemaMaxBytes). */
  maxBytes: number;
  /** The project's table names, when known: a trigger or action must name one of them. */
  tables?: readonly string[];
}

/** Parses the schema's JSON text: the schema, or the one problem that makes it unreadable. */
export function parseFlowSchema(text: string, maxBytes: number): { schema: FlowSchema } | { problem: FlowProblem } {
  if (new TextEncoder().encode(text).length > maxBytes) return { problem: { messageId: "error_flow_too_large", values: { max: maxBytes } } };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { messageId: "error_flow_invalid", values: { detail: "not JSON" } } };
  }
  const result = FlowSchemaShape(value);
  if (result instanceof type.errors) return { problem: { messageId: "error_flow_invalid", values: { detail: result.summary.slice(0, 300) } } };
  return { schema: result as FlowSchema };
}

/** Whether a cron expression and time zone make a schedule; the problem's message id if not. */
export function scheduleProblem(cron: string, timeZone: string | undefined): string | null {
  if (!cron.trim()) return "error_flow_trigger_cron_required";
  try {
    new Cron(cron, { timezone: timeZone || undefined, paused: true });
  } catch (error) {
    return String(error).toLowerCase().includes("timezone") ? "error_flow_trigger_timezone_invalid" : "error_flow_trigger_cron_invalid";
  }
  return null;
}

/** The next `count` times a schedule fires after `from`, or [] for an invalid one. */
export function nextRuns(cron: string, timeZone: string | undefined, count: number, from = new Date()): Date[] {
  try {
    return new Cron(cron, { timezone: timeZone || undefined, paused: true }).nextRuns(count, from);
  } catch {
    return [];
  }
}

function triggerProblems(trigger: FlowTrigger, bounds: FlowBounds): FlowProblem[] {
  const problem = (messageId: string, field: string, values?: FlowProblem["values"]): FlowProblem => ({ messageId, triggerId: trigger.id, field, values });
  const problems: FlowProblem[] = [];
  if (trigger.name.trim().length < TRIGGER_NAME_MIN) problems.push(problem("error_flow_trigger_name_min_length", "name", { min: TRIGGER_NAME_MIN }));
  switch (trigger.variant) {
    case "":
      problems.push(problem("error_flow_trigger_variant_required", "variant"));
      break;
    case "data":
      if (!trigger.table?.trim()) problems.push(problem("error_flow_trigger_table_required", "table"));
      else if (bounds.tables && !bounds.tables.includes(trigger.table)) problems.push(problem("error_flow_table_unknown", "table", { table: trigger.table }));
      if (!trigger.changes?.length) problems.push(problem("error_flow_trigger_changes_required", "changes"));
      break;
    case "schedule": {
      const scheduleIssue = scheduleProblem(trigger.cron ?? "", trigger.timeZone);
      if (scheduleIssue) problems.push(problem(scheduleIssue, scheduleIssue.includes("timezone") ? "timeZone" : "cron"));
      break;
    }
    case "webhook":
      if ((trigger.secret ?? "").length < WEBHOOK_SECRET_MIN) problems.push(problem("error_flow_trigger_secret_short", "secret", { min: WEBHOOK_SECRET_MIN }));
      break;
    case "manual":
      break;
  }
  return problems;
}

/** An http(s) address as the HTTP request step needs it (whether it is public is the server's check, after DNS). */
function isHttpAddress(text: string) {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Whether a failed attempt of this step may be tried again (types.ts RETRYABLE_STEP_VARIANTS). */
export const isRetryable = (step: FlowStep) => step.variant !== "" && RETRYABLE_STEP_VARIANTS.includes(step.variant);

const ENTRY_ACTIONS = new Set(["createEntry", "updateEntry", "deleteEntry"]);

function stepProblems(step: FlowStep, stepIds: ReadonlySet<string>, bounds: FlowBounds): FlowProblem[] {
  const problem = (messageId: string, field: string, values?: FlowProblem["values"]): FlowProblem => ({ messageId, stepId: step.id, field, values });
  const problems: FlowProblem[] = [];
  const required = (field: keyof FlowStep) => {
    const value = step[field];
    if (value === undefined || value === null || (typeof value === "string" && !value.trim())) problems.push(problem("error_flow_step_field_required", field, { field }));
  };
  if (step.variant === "") problems.push(problem("error_flow_step_variant_required", "variant"));
  if (ENTRY_ACTIONS.has(step.variant)) {
    if (!step.table?.trim()) problems.push(problem("error_flow_step_table_required", "table"));
    else if (bounds.tables && !bounds.tables.includes(step.table)) problems.push(problem("error_flow_table_unknown", "table", { table: step.table }));
    if (step.variant !== "createEntry") required("entryId");
  }
  if (step.variant === "sendEmail") (["to", "subject"] as const).forEach(required);
  if (step.variant === "condition") {
    required("left");
    required("operator");
  }
  if (step.variant === "callFunction") required("functionKey");
  if (step.variant === "httpRequest") {
    required("url");
    if (step.url?.trim() && referencesIn(step.url).length === 0 && !isHttpAddress(step.url.trim())) problems.push(problem("error_flow_step_url_invalid", "url"));
  }
  if (step.variant === "loop") {
    required("items");
    required("loopStep");
    if (step.loopStep === step.id) problems.push(problem("error_flow_step_loop_self", "loopStep"));
  }
  if (step.variant === "delay" && !(typeof step.seconds === "number" && step.seconds >= 1 && step.seconds <= DELAY_MAX_SECONDS)) {
    problems.push(problem("error_flow_step_delay_range", "seconds", { max: DELAY_MAX_SECONDS }));
  }
  if ((step.retries ?? 0) > 0 && !isRetryable(step)) problems.push(problem("error_flow_step_retries_not_allowed", "retries"));
  for (const [field, target] of [["next", step.next], ["else", step.else], ["loopStep", step.loopStep]] as const) {
    if (target && !stepIds.has(target)) problems.push(problem("error_flow_step_unknown", field, { step: target }));
  }
  const values = [step.entryId, step.to, step.subject, step.body, step.left, step.right, step.url, step.items, ...Object.values(step.fields ?? {}), ...Object.values(step.headers ?? {})];
  for (const value of values) {
    for (const path of value ? referencesIn(value) : []) {
      if (!isKnownReference(path, stepIds)) {
        problems.push(problem("error_flow_reference_unknown", "reference", { reference: path }));
      }
    }
  }
  return problems;
}

/**
 * Spec §5's flow rules and what a run needs, each problem naming its trigger or step and field:
 * the editor marks them on the node and in the panel, the server refuses a save with the first.
 * Linear in the schema's size.
 */
export function flowProblems(schema: FlowSchema, bounds: FlowBounds): FlowProblem[] {
  const problems: FlowProblem[] = [];
  if (schema.steps.length > bounds.maxSteps) problems.push({ messageId: "error_flow_too_many_steps", values: { max: bounds.maxSteps } });
  const ids = new Set<string>();
  for (const node of [...schema.triggers, ...schema.steps]) {
    if (ids.has(node.id)) problems.push({ messageId: "error_flow_id_duplicate", values: { id: node.id } });
    ids.add(node.id);
  }
  const stepIds = new Set(schema.steps.map((step) => step.id));
  for (const trigger of schema.triggers) problems.push(...triggerProblems(trigger, bounds));
  for (const step of schema.steps) problems.push(...stepProblems(step, stepIds, bounds));
  if (schema.startStep !== null && !stepIds.has(schema.startStep)) problems.push({ messageId: "error_flow_step_unknown", field: "startStep", values: { step: schema.startStep } });
  if (schema.startStep === null && schema.steps.length > 0) problems.push({ messageId: "error_flow_start_step_required", field: "startStep" });
  return problems;
}

/** Spec §5: a new trigger may be added only when the last one has a name. */
export const canAddTrigger = (schema: FlowSchema) => {
  const last = schema.triggers.at(-1);
  return !last || last.name.trim().length >= TRIGGER_NAME_MIN;
};
