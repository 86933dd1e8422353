import type { Mailer } from "../mail/mailer";
import type { GraphqlHandler } from "../graphql/yoga";
import type { ProjectContext } from "../projectEndpoint/context";
import { functionByKey } from "../projectEndpoint/files/store";
import { HttpStepError, sendHttpStep, type HttpStepBounds } from "./httpStep";
import { resolveValue } from "../../src/domain/flows/expressions";
import type { FlowStep } from "../../src/domain/flows/types";
import type { SchemaModel } from "../../src/domain/model";

const NUMBER_TYPES = new Set(["Integer", "Float", "Timestamp"]);

/**
 * Field values are written as text in the editor ("9.5", "true"): for a number or boolean field
 * such text becomes the number or boolean; anything else is passed on for the table's own checks.
 */
function typedFields(model: SchemaModel, table: string | undefined, fields: Record<string, unknown>) {
  const types = new Map(model.objectTypes.find((t) => t.name === table)?.fields.map((f) => [f.name, f.type ?? ""]) ?? []);
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const type = types.get(name) ?? "";
      if (typeof value !== "string" || value.trim() === "") return [name, value];
      if (NUMBER_TYPES.has(type) && Number.isFinite(Number(value))) return [name, Number(value)];
      if (type === "Boolean" && (value === "true" || value === "false")) return [name, value === "true"];
      return [name, value];
    }),
  );
}

/** What a step's execution needs: the project's endpoint as the flow's owner, the mail path. */
export interface StepDeps {
  ctx: ProjectContext;
  /** The live version's model: a constant typed as text becomes the value its field takes. */
  model: SchemaModel;
  projectYoga: GraphqlHandler;
  mailer: Mailer;
  flowId: string;
  /** The HTTP request step's address guard and bounds. */
  http: HttpStepBounds;
  /** A dry run: steps that would write, mail or call out say what they would do instead. */
  dryRun?: boolean;
}

/** What a step did: its output, and the step that follows (null ends the run); a delay also waits. */
export interface StepResult {
  input: unknown;
  output: unknown;
  next: string | null;
  waitSeconds?: number;
}

/** A step's failure, with the message the run shows. */
export class StepError extends Error {}

const text = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

/** The project's generic Type operations (spec §7), run in-process with the owner's rights. */
async function graphql(deps: StepDeps, query: string, variables: Record<string, unknown>) {
  const response = await deps.projectYoga.fetch(
    `http://flows.internal/p/${deps.ctx.project.apiId}/graphql`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) },
    deps.ctx,
  );
  const answer = (await response.json()) as { data?: Record<string, { id: string; fields: string } | null>; errors?: { message: string }[] };
  if (answer.errors?.length) throw new StepError(answer.errors.map((error) => error.message).join("; "));
  const entry = Object.values(answer.data ?? {})[0];
  return entry ? { id: entry.id, ...(JSON.parse(entry.fields) as Record<string, unknown>) } : null;
}

/** An entry as a data trigger gives it ({ id, ...fields }), read as the flow's owner; null when missing. */
export const readEntry = (deps: StepDeps, table: string, id: string) =>
  graphql(deps, `query ($id: ID!, $ofType: String!) { type(id: $id, ofType: $ofType) { id fields } }`, { id, ofType: table });

function compare(left: unknown, operator: FlowStep["operator"], right: unknown): boolean {
  const empty = left === null || left === undefined || left === "" || (Array.isArray(left) && left.length === 0);
  switch (operator) {
    case "equals":
      return text(left) === text(right);
    case "notEquals":
      return text(left) !== text(right);
    case "greaterThan":
      return Number(left) > Number(right);
    case "lessThan":
      return Number(left) < Number(right);
    case "contains":
      return Array.isArray(left) ? left.map(text).includes(text(right)) : text(left).includes(text(right));
    case "isEmpty":
      return empty;
    case "isNotEmpty":
      return !empty;
    default:
      return false;
  }
}

const ENTRY = "id fields";
const SECRET_HEADERS = /authorization|cookie|token|secret|key/i;

/** What a dry run shows for a step that would act: its input and that nothing happened. */
const wouldDo = (input: unknown, output: unknown, next: string | null): StepResult => ({ input, output: { dryRun: true, ...(output as object) }, next });

/** Executes one step with its values read from `scope` ({ trigger, steps }). */
export async function executeStep(step: FlowStep, scope: unknown, deps: StepDeps): Promise<StepResult> {
  const value = (raw: string | undefined) => (raw === undefined ? null : resolveValue(raw, scope));
  const fields = () => typedFields(deps.model, step.table, Object.fromEntries(Object.entries(step.fields ?? {}).map(([name, raw]) => [name, value(raw)])));
  const next = step.next ?? null;
  switch (step.variant) {
    case "createEntry": {
      const input = { ofType: step.table, fields: fields() };
      if (deps.dryRun) return wouldDo(input, { id: null, ...input.fields }, next);
      const output = await graphql(deps, `mutation ($ofType: String!, $fields: String) { createType(ofType: $ofType, fields: $fields) { ${ENTRY} } }`, { ofType: input.ofType, fields: JSON.stringify(input.fields) });
      return { input, output, next };
    }
    case "updateEntry": {
      const input = { ofType: step.table, id: text(value(step.entryId)), fields: fields() };
      if (deps.dryRun) return wouldDo(input, { id: input.id, ...input.fields }, next);
      const output = await graphql(deps, `mutation ($id: ID!, $ofType: String!, $fields: String) { updateType(id: $id, ofType: $ofType, fields: $fields) { ${ENTRY} } }`, { ...input, fields: JSON.stringify(input.fields) });
      return { input, output, next };
    }
    case "deleteEntry": {
      const input = { ofType: step.table, id: text(value(step.entryId)) };
      if (deps.dryRun) return wouldDo(input, { id: input.id }, next);
      const output = await graphql(deps, `mutation ($id: ID!, $ofType: String!) { deleteType(id: $id, ofType: $ofType) { ${ENTRY} } }`, input);
      return { input, output, next };
    }
    case "sendEmail": {
      const input = { to: text(value(step.to)).trim(), subject: text(value(step.subject)), body: text(value(step.body)) };
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.to) || input.to.length > 254) throw new StepError(`"${input.to}" is not an email address.`);
      if (deps.dryRun) return wouldDo(input, { sent: false }, next);
      await deps.mailer.send({ to: input.to, locale: "en", template: "flow", values: { subject: input.subject, body: input.body } });
      return { input, output: { sent: true }, next };
    }
    case "condition": {
      const input = { left: value(step.left), operator: step.operator, right: value(step.right) };
      const passed = compare(input.left, step.operator, input.right);
      return { input, output: { passed }, next: passed ? next : (step.else ?? null) };
    }
    case "delay":
      if (deps.dryRun) return wouldDo({ seconds: step.seconds }, { waited: 0 }, next);
      return { input: { seconds: step.seconds }, output: { waited: step.seconds }, next, waitSeconds: step.seconds ?? 0 };
    case "callFunction": {
      const event = fields();
      const fn = await functionByKey(deps.ctx.db, deps.ctx.project.apiId, step.functionKey ?? "");
      if (!fn) throw new StepError(`This project has no cloud function ${step.functionKey}.`);
      if (deps.dryRun) return wouldDo(event, { called: false }, next);
      const outcome = await deps.ctx.project.functions.invoke(deps.ctx, fn, event, { kind: "flow", flowId: deps.flowId });
      if (outcome.status !== "ok") throw new StepError(`The cloud function ${step.functionKey} failed: ${outcome.error ?? outcome.status}`);
      return { input: event, output: JSON.parse(outcome.resultJson ?? "null") as unknown, next };
    }
    case "httpRequest": {
      const headers = Object.fromEntries(Object.entries(step.headers ?? {}).map(([name, raw]) => [name, text(value(raw))]));
      const input = { method: step.method ?? "GET", url: text(value(step.url)).trim(), headers, body: step.body ? text(value(step.body)) : null };
      // The run's log is read by every member who sees the flow: credentials in headers are not written to it.
      const shown = { ...input, headers: Object.fromEntries(Object.keys(headers).map((name) => [name, SECRET_HEADERS.test(name) ? "(hidden)" : headers[name]])) };
      if (deps.dryRun) return wouldDo(shown, { sent: false }, next);
      try {
        return { input: shown, output: await sendHttpStep(input, deps.http), next };
      } catch (error) {
        if (error instanceof HttpStepError) throw new StepError(error.message);
        throw error;
      }
    }
    default:
      throw new StepError("This step has no action.");
  }
}
