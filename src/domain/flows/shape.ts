import { type } from "arktype";
import { CONDITION_OPERATORS, HTTP_METHODS, DATA_CHANGES, STEP_RETRIES_MAX, STEP_VARIANTS, TRIGGER_VARIANTS } from "./types";

/** Closed objects: a key the schema does not declare is refused with its path, never stored. */
const CLOSED = { "+": "reject" } as const;

const Position = type({ ...CLOSED, x: "number", y: "number" });

export const FlowTriggerShape = type({
  ...CLOSED,
  id: "0 < string <= 64",
  name: "string <= 255",
  variant: type.enumerated("", ...TRIGGER_VARIANTS),
  "table?": "string <= 255",
  "changes?": type.enumerated(...DATA_CHANGES).array(),
  "cron?": "string <= 128",
  "timeZone?": "string <= 64",
  "secret?": "string <= 128",
  "position?": Position,
});

export const FlowStepShape = type({
  ...CLOSED,
  id: "0 < string <= 64",
  "name?": "string <= 255",
  variant: type.enumerated("", ...STEP_VARIANTS),
  "table?": "string <= 255",
  "entryId?": "string <= 1000",
  "fields?": "Record<string, string>",
  "to?": "string <= 1000",
  "subject?": "string <= 1000",
  "body?": "string <= 20000",
  "left?": "string <= 1000",
  "operator?": type.enumerated(...CONDITION_OPERATORS),
  "right?": "string <= 1000",
  "else?": "string | null",
  "seconds?": "number.integer",
  "functionKey?": "string <= 255",
  "retries?": `0 <= number.integer <= ${STEP_RETRIES_MAX}`,
  "method?": type.enumerated(...HTTP_METHODS),
  "url?": "string <= 2000",
  "headers?": "Record<string, string>",
  "items?": "string <= 1000",
  "loopStep?": "string | null",
  "next?": "string | null",
  "position?": Position,
});

export const FlowSchemaShape = type({
  ...CLOSED,
  triggers: FlowTriggerShape.array(),
  steps: FlowStepShape.array(),
  startStep: "string | null",
});
