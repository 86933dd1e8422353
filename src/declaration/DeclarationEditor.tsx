import { Suspense, lazy, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { normalizeModel, validateModel, type ModelProblem } from "../domain/model";
import { parseModel } from "../domain/model/parse";
import { ErrorMessage } from "../common/ErrorMessage";
import { useUpdateApiMutation } from "../project/useUpdateApiMutation";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { ModelProblemAlert } from "./ModelProblemAlert";
import "./declaration.css";

// CodeMirror is big; it loads with this screen only, never with the sign-in pages.
const JsonCodeEditor = lazy(() => import("./JsonCodeEditor"));

function formatted(schema: string) {
  try {
    return JSON.stringify(JSON.parse(schema), null, 2);
  } catch {
    return schema;
  }
}

/** The first broken rule of a typed declaration, or the model to store. */
function check(text: string): { problem: ModelProblem } | { schema: string } {
  const parsed = parseModel(text);
  if ("problem" in parsed) return parsed;
  const model = normalizeModel(parsed.model);
  const problem = validateModel(model);
  return problem ? { problem } : { schema: JSON.stringify(model) };
}

/** The declaration as formatted JSON, editable; Save checks every model rule before the server does. */
export function DeclarationEditor(props: { apiId: string; schema: string; canEdit: boolean }) {
  const intl = useIntl();
  const saved = formatted(props.schema);
  // null: no edits, the editor shows the saved declaration.
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<ModelProblem | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const [update, saving] = useUpdateApiMutation();
  const shown = text ?? saved;
  const dirty = text !== null && text !== saved;

  const save = async () => {
    setServerError(null);
    const result = check(shown);
    if ("problem" in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    try {
      await update({ id: props.apiId, schema: result.schema });
      setText((current) => (current === shown ? null : current));
    } catch (error) {
      setServerError(error);
    }
  };

  const cancel = () => {
    setText(null);
    setProblem(null);
    setServerError(null);
  };

  return (
    <div className="declaration">
      <p className="field-hint">
        <FormattedMessage id="declaration.hint" />
      </p>
      {problem && <ModelProblemAlert problem={problem} />}
      {serverError !== null && (
        <Alert variant="danger" testId="declaration-server-error">
          <ErrorMessage error={serverError} />
        </Alert>
      )}
      <Suspense fallback={<Spinner />}>
        <JsonCodeEditor
          value={shown}
          onChange={setText}
          label={intl.formatMessage({ id: "declaration.editorLabel" })}
          readOnly={!props.canEdit}
        />
      </Suspense>
      {props.canEdit && (
        <div className="declaration-actions">
          <Button onClick={cancel} disabled={!dirty || saving} data-testid="declaration-cancel">
            <FormattedMessage id="declaration.cancel" />
          </Button>
          <Button variant="primary" onClick={() => void save()} disabled={!dirty} busy={saving} data-testid="declaration-save">
            <FormattedMessage id="declaration.save" />
          </Button>
        </div>
      )}
    </div>
  );
}
