import { useIntl } from "react-intl";
import type { ModelProblem } from "../domain/model";

/** A broken model rule in the user's language: the spec's message key with its values. */
export function ProblemText(props: { problem: ModelProblem }) {
  const intl = useIntl();
  return <>{intl.formatMessage({ id: props.problem.messageId }, props.problem.values)}</>;
}
