import { refuse } from "../graphqlKit/errors";
import { messagesFor } from "../i18n";
import type { FlowProblem } from "../../src/domain/flows/types";

/** A §5 problem as a refusal: its message id and values, the step or trigger it names, the English text. */
export function flowRefusal(problem: FlowProblem) {
  const template = messagesFor("en")[problem.messageId] ?? problem.messageId;
  const values = problem.values ?? {};
  const english = template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
  const where = problem.stepId ? `Step ${problem.stepId}: ` : problem.triggerId ? `Trigger ${problem.triggerId}: ` : "";
  return refuse("BAD_USER_INPUT", problem.messageId, where + english, {
    ...values,
    ...(problem.stepId ? { stepId: problem.stepId } : {}),
    ...(problem.triggerId ? { triggerId: problem.triggerId } : {}),
    ...(problem.field ? { field: problem.field } : {}),
  });
}
