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
import { SelectField } from "../ui/SelectField";
import { SetupExit } from "../common/SetupExit";

/** project-setup-name: step 1 of 1, the project's name and the terms of service. */
export default function ProjectSetupNameScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { activeOrgId } = useSession();
  const [name, setName] = useState("");
  const [termsAccepted, setTermsAccepted] = useState(false);
  // Importing an existing GraphQL API (spec §2 creationType IMPORT): its URL and one credential.
  const [importing, setImporting] = useState(false);
  const [importUrl, setImportUrl] = useState("");
  const [credentialKind, setCredentialKind] = useState<"apiKey" | "token">("apiKey");
  const [credential, setCredential] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [createApi, busy] = useCreateApiMutation();

  // Shown after the first submit, then following the typing (as the sign-up form does).
  const nameProblem = validateProjectName(name);
  const termsProblem = termsAccepted ? undefined : "signup_error_terms_required";
  const importUrlProblem = importing && !importUrl.trim() ? "error_import_url_required" : undefined;
  const credentialProblem = importing && !credential.trim() ? "error_import_credential_required" : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (nameProblem || termsProblem || importUrlProblem || credentialProblem || !activeOrgId || busy) return;
    try {
      const source = importing ? { url: importUrl.trim(), credential: { kind: credentialKind, value: credential.trim() } } : undefined;
      const api = await createApi(activeOrgId, name.trim(), source);
      // An imported project's tables come from its live API: no templates to offer.
      await navigate({ to: "/api/$apiId/data", params: { apiId: api.id }, search: importing ? {} : { showTemplates: true } });
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
      <label className="checkbox">
        <input type="checkbox" name="importing" checked={importing} onChange={(event) => setImporting(event.target.checked)} data-testid="project-import" />
        <span>
          <FormattedMessage id="project.setup.import" />
        </span>
      </label>
      {importing && (
        <>
          <p className="field-hint">
            <FormattedMessage id="project.setup.importHint" />
          </p>
          <TextField
            label={intl.formatMessage({ id: "project.setup.importUrl" })}
            value={importUrl}
            onChange={setImportUrl}
            type="url"
            name="importUrl"
            placeholder="https://…/graphql"
            error={submitted && importUrlProblem ? intl.formatMessage({ id: importUrlProblem }) : undefined}
          />
          <SelectField
            label={intl.formatMessage({ id: "project.setup.importCredentialKind" })}
            value={credentialKind}
            onChange={(kind) => setCredentialKind(kind === "token" ? "token" : "apiKey")}
            options={[
              { value: "apiKey", label: intl.formatMessage({ id: "project.setup.importApiKey" }) },
              { value: "token", label: intl.formatMessage({ id: "project.setup.importToken" }) },
            ]}
            name="importCredentialKind"
          />
          <TextField
            label={intl.formatMessage({ id: "project.setup.importCredential" })}
            value={credential}
            onChange={setCredential}
            type="password"
            autoComplete="off"
            name="importCredential"
            error={submitted && credentialProblem ? intl.formatMessage({ id: credentialProblem }) : undefined}
          />
        </>
      )}
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
