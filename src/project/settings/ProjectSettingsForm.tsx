import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProjectSettingsForm_api$key } from "../../__generated__/ProjectSettingsForm_api.graphql";
import type { AuthMode, ProjectSettingsFormSaveMutation, UpdateApiInput } from "../../__generated__/ProjectSettingsFormSaveMutation.graphql";
import { isImported, isPublished } from "../../domain/apiState";
import { oidcProblems, parseOidc, PROJECT_NAME_MAX_LENGTH, validateAuth, validateProjectName } from "../../domain/project";
import { regionName } from "../../domain/regions";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { ErrorMessage } from "../../common/ErrorMessage";
import { AuthModeChoice, type AuthChoice } from "../publish/wizard/AuthModeChoice";
import { CopyField } from "./CopyField";

const saveMutation = graphql`
  mutation ProjectSettingsFormSaveMutation($input: UpdateApiInput!) {
    updateApi(input: $input) {
      ...ProjectSettingsForm_api
      ...ProjectHeader_api
    }
  }
`;

interface Values {
  name: string;
  auth: AuthChoice;
  amplifyNames: boolean;
}

const sameAuth = (a: AuthChoice, b: AuthChoice) =>
  a.mode === b.mode && (a.mode !== "aws_oidc" || (a.clientId.trim() === b.clientId.trim() && a.issuerUrl.trim() === b.issuerUrl.trim()));

/**
 * The project's facts (read-only, with copy buttons), its name and its authentication. Cancel
 * and Save appear when the name or the authentication differs from the stored value (spec §2);
 * the authentication is read-only once published (§4), and everything without the right to edit.
 */
export function ProjectSettingsForm(props: { api: ProjectSettingsForm_api$key }) {
  const intl = useIntl();
  const api = useFragment(
    graphql`
      fragment ProjectSettingsForm_api on Api {
        id
        name
        state
        region
        plan
        graphqlUrl
        realtimeUrl
        defaultAuthMode
        additionalAuthModes
        oidc
        amplifyNames
        creationType
        viewerCanEditSettings
      }
    `,
    props.api,
  );
  const imported = isImported(api);
  const storedOidc = parseOidc(api.oidc);
  const stored: Values = {
    name: api.name,
    auth: { mode: api.defaultAuthMode, clientId: storedOidc?.clientId ?? "", issuerUrl: storedOidc?.issuerUrl ?? "" },
    amplifyNames: api.amplifyNames,
  };
  const [values, setValues] = useState<Values>(stored);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [save, saving] = useMutate<ProjectSettingsFormSaveMutation>(saveMutation);
  const canEdit = api.viewerCanEditSettings;
  const authReadOnly = !canEdit || isPublished(api.state);
  const nameChanged = values.name.trim() !== stored.name;
  const authChanged = !sameAuth(values.auth, stored.auth);
  const amplifyNamesChanged = values.amplifyNames !== stored.amplifyNames;
  const changed = nameChanged || authChanged || amplifyNamesChanged;
  const nameProblem = validateProjectName(values.name.trim());
  const oidc = values.auth.mode === "aws_oidc" ? { clientId: values.auth.clientId.trim(), issuerUrl: values.auth.issuerUrl.trim() } : null;
  const authProblem = authChanged ? validateAuth(values.auth.mode, oidc) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setChecked(true);
    if (!canEdit || !changed || nameProblem || authProblem) return;
    const input: UpdateApiInput = { id: api.id };
    if (nameChanged) input.name = values.name.trim();
    if (amplifyNamesChanged) input.amplifyNames = values.amplifyNames;
    if (authChanged) {
      input.defaultAuthMode = values.auth.mode as AuthMode;
      input.oidc = oidc ? JSON.stringify(oidc) : null;
    }
    try {
      await save({ input });
      setValues((before) => ({ ...before, name: before.name.trim() }));
      setChecked(false);
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  };

  const notPublished = intl.formatMessage({ id: "project.settings.notPublished" });
  return (
    <form className="card settings-card" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="project-settings-form">
      {error !== null && (
        <Alert variant="danger" testId="error-alert">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {saved && !changed && (
        <Alert variant="success" testId="settings-saved">
          <FormattedMessage id="project.settings.saved" />
        </Alert>
      )}
      <CopyField label={intl.formatMessage({ id: "project.settings.projectId" })} value={api.id} testId="project-id" emptyText="" />
      <dl className="settings-facts">
        <div>
          <dt>
            <FormattedMessage id="project.settings.plan" />
          </dt>
          <dd data-testid="project-plan">{api.plan ? intl.formatMessage({ id: `publish.plan.${api.plan}` }) : intl.formatMessage({ id: "project.settings.noPlan" })}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="project.settings.region" />
          </dt>
          <dd data-testid="project-region">{regionName(api.region)}</dd>
        </div>
      </dl>
      <TextField
        label={intl.formatMessage({ id: "project.settings.name" })}
        value={values.name}
        onChange={(name) => {
          setSaved(false);
          setValues((before) => ({ ...before, name }));
        }}
        readOnly={!canEdit}
        maxLength={PROJECT_NAME_MAX_LENGTH}
        name="name"
        data-testid="project-name"
        error={nameProblem && (checked || nameChanged) ? intl.formatMessage({ id: nameProblem }) : undefined}
      />
      <CopyField label={intl.formatMessage({ id: "project.settings.graphqlUrl" })} value={api.graphqlUrl} testId="graphql-url" emptyText={notPublished} />
      <CopyField label={intl.formatMessage({ id: "project.settings.realtimeUrl" })} value={api.realtimeUrl} testId="realtime-url" emptyText={notPublished} />
      <h2>
        <FormattedMessage id="project.settings.authentication" />
      </h2>
      <AuthModeChoice
        value={values.auth}
        storedMode={api.defaultAuthMode}
        onChange={(auth) => {
          setSaved(false);
          setValues((before) => ({ ...before, auth }));
        }}
        problems={checked && oidc ? oidcProblems(oidc) : null}
        readOnly={authReadOnly}
      />
      <p className="field-hint" data-testid="additional-auth-modes">
        <FormattedMessage
          id="project.settings.additionalModes"
          values={{
            count: api.additionalAuthModes.length,
            modes: api.additionalAuthModes.map((mode) => intl.formatMessage({ id: `project.authMode.${mode}` })).join(", "),
          }}
        />
      </p>
      {/* An imported project's API is its live API's: the names setting would change nothing. */}
      {!imported && (
        <>
          <h2>
            <FormattedMessage id="project.settings.appsync" />
          </h2>
          <label className="checkbox">
            <input
              type="checkbox"
              name="amplifyNames"
              checked={values.amplifyNames}
              disabled={!canEdit}
              onChange={(event) => {
                const amplifyNames = event.target.checked;
                setSaved(false);
                setValues((before) => ({ ...before, amplifyNames }));
              }}
              aria-describedby="amplify-names-hint"
              data-testid="amplify-names"
            />
            <span>
              <FormattedMessage id="project.settings.amplifyNames" />
            </span>
          </label>
          <p className="field-hint" id="amplify-names-hint">
            <FormattedMessage id="project.settings.amplifyNamesHint" />
          </p>
        </>
      )}
      {canEdit && changed && (
        <div className="form-actions">
          <Button
            onClick={() => {
              setValues(stored);
              setChecked(false);
              setError(null);
            }}
            data-testid="cancel-settings"
          >
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={saving} data-testid="save-settings">
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      )}
    </form>
  );
}
