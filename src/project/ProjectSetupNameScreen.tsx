import { useState, type FormEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { TextField } from "../ui/TextField";
import { Button } from "../ui/Button";
import { Alert } from "../ui/Alert";
import { ErrorMessage } from "../common/ErrorMessage";
import { TermsCheckbox } from "../common/TermsCheckbox";
import { useSession } from "../session/sessionState";
import { PROJECT_NAME_MAX_LENGTH, validateProjectName } from "../domain/project";
import { useCreateApiMutation } from "./useCreateApiMutation";
import { SetupExit } from "../common/SetupExit";

/** project-setup-name: step 1 of 1, the project's name and the terms of service. */
export default function ProjectSetupNameScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { activeOrgId } = useSession();
  const [name, setName] = useState("");
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [createApi, busy] = useCreateApiMutation();

  // Shown after the first submit, then following the typing (as the sign-up form does).
  const nameProblem = validateProjectName(name);
  const termsProblem = termsAccepted ? undefined : "signup_error_terms_required";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (nameProblem || termsProblem || !activeOrgId || busy) return;
    try {
      const api = await createApi(activeOrgId, name.trim());
      await navigate({ to: "/api/$apiId/data", params: { apiId: api.id }, search: { showTemplates: true } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate data-testid="project-setup-form">
      <p className="step">
        <FormattedMessage id="setup.step" values={{ step: 1, total: 1 }} />
      </p>
      <h1>
        <FormattedMessage id="project.setup.title" />
      </h1>
      <p>
        <FormattedMessage id="project.setup.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger" testId="project-setup-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <TextField
        label={intl.formatMessage({ id: "project.setup.name" })}
        value={name}
        onChange={setName}
        autoFocus
        maxLength={PROJECT_NAME_MAX_LENGTH}
        name="projectName"
        error={submitted && nameProblem ? intl.formatMessage({ id: nameProblem }) : undefined}
      />
      <TermsCheckbox
        labelId="project.setup.terms"
        checked={termsAccepted}
        onChange={setTermsAccepted}
        error={submitted && termsProblem ? <FormattedMessage id={termsProblem} /> : undefined}
      />
      <Button type="submit" variant="primary" block busy={busy}>
        <FormattedMessage id="project.setup.submit" />
      </Button>
      <SetupExit />
    </form>
  );
}
