import { FormattedMessage } from "react-intl";
import { LIMIT_MESSAGE_IDS, MODEL_LIMITS, type ModelProblem, type SchemaModel } from "../domain/model";
import { Alert } from "../ui/Alert";
import { ProblemText } from "./ProblemText";

/** Problems about the declaration as a whole, which no single input shows next to itself. */
const WHOLE_MODEL_MESSAGE_IDS = new Set<string>([
  ...Object.values(LIMIT_MESSAGE_IDS).filter((messageId) => messageId !== LIMIT_MESSAGE_IDS.nameLength),
  "error_model_permissions_auth_mode",
]);

/**
 * The declaration's limits and how much of them the working copy uses, shown before saving;
 * a working copy over a limit (or with permissions its auth mode does not allow) says so here.
 */
export function ModelLimits(props: { model: SchemaModel; problems: readonly ModelProblem[] }) {
  const wholeModel = props.problems.filter((problem) => WHOLE_MODEL_MESSAGE_IDS.has(problem.messageId));
  return (
    <>
      <p className="model-limits" data-testid="model-limits">
        <FormattedMessage
          id="model.limits.usage"
          values={{
            tables: props.model.objectTypes.length,
            maxTables: MODEL_LIMITS.tables,
            enums: props.model.enumTypes.length,
            maxEnums: MODEL_LIMITS.enums,
          }}
        />{" "}
        <FormattedMessage
          id="model.limits"
          values={{
            tables: MODEL_LIMITS.tables,
            fields: MODEL_LIMITS.fieldsPerTable,
            triggers: MODEL_LIMITS.triggersPerTable,
            enums: MODEL_LIMITS.enums,
            values: MODEL_LIMITS.valuesPerEnum,
            name: MODEL_LIMITS.nameLength,
            label: MODEL_LIMITS.labelLength,
          }}
        />
      </p>
      {wholeModel.length > 0 && (
        <Alert variant="danger" testId="model-limit-problems">
          <ul>
            {wholeModel.map((problem) => (
              <li key={problem.path.join(".") + problem.messageId}>
                <ProblemText problem={problem} />
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
