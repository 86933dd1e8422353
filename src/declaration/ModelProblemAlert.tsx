import { FormattedMessage } from "react-intl";
import type { ModelProblem } from "../domain/model";
import { ProblemText } from "../model/ProblemText";
import { Alert } from "../ui/Alert";

/** objectTypes[0].fields[3].name — where in the declaration the rule is broken. */
const pathText = (path: ModelProblem["path"]) =>
  path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${key}` : key), "");

/** The first broken rule of the declaration: its message and where it is. */
export function ModelProblemAlert(props: { problem: ModelProblem }) {
  const path = pathText(props.problem.path);
  return (
    <Alert variant="danger" testId="declaration-problem">
      <ProblemText problem={props.problem} />
      {path && (
        <div className="declaration-path">
          <FormattedMessage id="declaration.problemPath" values={{ path: <code data-testid="declaration-problem-path">{path}</code> }} />
        </div>
      )}
    </Alert>
  );
}
