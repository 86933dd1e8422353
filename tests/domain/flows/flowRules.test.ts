import { describe, expect, it } from "vitest";
import { resolveValue } from "../../../src/domain/flows/expressions";
import { canAddTrigger, flowProblems, nextRuns, parseFlowSchema } from "../../../src/domain/flows/validate";
import { flowNameLiveProblem, flowNameProblem } from "../../../src/domain/flows/name";
import type { FlowSchema } from "../../../src/domain/flows/types";

const bounds = { maxSteps: 10, maxBytes: 100_000, tables: ["Order"] };

describe("flow rules (spec §5)", () => {
  it("checks the name's maximum live and both bounds on submit", () => {
    expect(flowNameLiveProblem("ab")).toBeNull();
    expect(flowNameProblem("ab")).toBe("error_flow_name_min_length");
    expect(flowNameLiveProblem("x".repeat(256))).toBe("error_flow_name_max_length");
    expect(flowNameProblem("Nightly")).toBeNull();
  });

  it("retries (0 to 5) only on steps that act outside the project's data", () => {
    const withRetries = (variant: "httpRequest" | "createEntry", retries: number): FlowSchema => ({ triggers: [], steps: [{ id: "s1", variant, table: "Order", fields: {}, url: "https://example.com", retries }], startStep: "s1" });
    expect(flowProblems(withRetries("httpRequest", 5), bounds)).toEqual([]);
    expect(flowProblems(withRetries("createEntry", 1), bounds)).toEqual([expect.objectContaining({ messageId: "error_flow_step_retries_not_allowed", stepId: "s1", field: "retries" })]);
    expect(flowProblems(withRetries("createEntry", 0), bounds)).toEqual([]);
    expect(parseFlowSchema(JSON.stringify(withRetries("httpRequest", 6)), 100_000)).toMatchObject({ problem: { messageId: "error_flow_invalid" } });
    expect(parseFlowSchema(JSON.stringify(withRetries("httpRequest", 1.5)), 100_000)).toMatchObject({ problem: { messageId: "error_flow_invalid" } });
  });

  it("a new trigger may be added only when the last one has a name", () => {
    const schema: FlowSchema = { triggers: [{ id: "t1", name: "", variant: "" }], steps: [], startStep: null };
    expect(canAddTrigger(schema)).toBe(false);
    expect(canAddTrigger({ ...schema, triggers: [{ id: "t1", name: "Nightly", variant: "" }] })).toBe(true);
    expect(canAddTrigger({ triggers: [], steps: [], startStep: null })).toBe(true);
  });

  it("names the step and field of each problem, and requires a start step once there are steps", () => {
    const problems = flowProblems({ triggers: [], steps: [{ id: "s1", variant: "updateEntry", table: "Order", fields: { total: "{{steps.nope.output}}" } }], startStep: null }, bounds);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ messageId: "error_flow_step_field_required", stepId: "s1", field: "entryId" }),
        expect.objectContaining({ messageId: "error_flow_reference_unknown", stepId: "s1" }),
        expect.objectContaining({ messageId: "error_flow_start_step_required" }),
      ]),
    );
  });
});

describe("flow values and schedules", () => {
  it("a lone reference keeps its type; references in text are written into it", () => {
    const scope = { trigger: { entry: { total: 42.5, name: "Ada" } }, steps: {} };
    expect(resolveValue("{{trigger.entry.total}}", scope)).toBe(42.5);
    expect(resolveValue("Hi {{trigger.entry.name}}, {{trigger.entry.missing}}!", scope)).toBe("Hi Ada, !");
    expect(resolveValue("{{trigger.__proto__.x}}", scope)).toBeNull();
  });

  it("lists the next five runs of a schedule in its time zone", () => {
    const runs = nextRuns("0 9 * * *", "Europe/Berlin", 5, new Date("2026-01-01T00:00:00Z"));
    expect(runs.map((run) => run.toISOString())).toEqual(["2026-01-01T08:00:00.000Z", "2026-01-02T08:00:00.000Z", "2026-01-03T08:00:00.000Z", "2026-01-04T08:00:00.000Z", "2026-01-05T08:00:00.000Z"]);
    expect(nextRuns("not a cron", undefined, 5)).toEqual([]);
  });
});
