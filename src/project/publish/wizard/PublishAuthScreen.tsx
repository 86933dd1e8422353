import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishAuthScreenQuery } from "../../../__generated__/PublishAuthScreenQuery.graphql";
import type { mutationsSetupUsersTableMutation } from "../../../__generated__/mutationsSetupUsersTableMutation.graphql";
import { type SchemaModel } from "../../../domain/model";
import { parseModel } from "../../../domain/model/parse";
import { defaultUsersTable, emailFieldOptions, passwordFieldOptions, missingCustomUsersTablePick } from "../../../domain/publish/usersTable";
import { isUsersTable } from "../../../domain/model/publishing";
import { hasDirective } from "../../../domain/model/directives";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { SelectField } from "../../../ui/SelectField";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { WizardStep } from "./WizardSteps";
import { setupUsersTableMutation } from "./mutations";
import { AuthModeChoice } from "./AuthModeChoice";
import { useAuthModeChoice } from "./useAuthModeChoice";
import "../publish.css";

const authQuery = graphql`
  query PublishAuthScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      name
      schema
      state
      defaultAuthMode
      oidc
      viewerCanEditModel
    }
  }
`;

type Mode = "DEFAULT" | "CUSTOM";

/**
 * project-publish-auth, step 1 of 3: the user authentication method (spec §9) and the users
 * table, default or custom (spec §5 'A user table must be set up at publish'). The server
 * applies the same rules and saves both.
 */
export default function PublishAuthScreen(props: { queryRef: PreloadedQuery<PublishAuthScreenQuery> }) {
  const { api } = usePreloadedQuery<PublishAuthScreenQuery>(authQuery, props.queryRef);
  const model = useMemo(() => {
    const parsed = parseModel(api?.schema ?? "");
    return "model" in parsed ? parsed.model : null;
  }, [api?.schema]);
  if (!api || !model) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  return <PublishAuthForm api={api} model={model} />;
}

function PublishAuthForm({ api, model }: { api: NonNullable<PublishAuthScreenQuery["response"]["api"]>; model: SchemaModel }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const current = model.objectTypes.find(isUsersTable) ?? null;
  const fieldWith = (name: "userEmail" | "userPassword") => current?.fields.find((field) => hasDirective(field.directives, name))?.id ?? "";
  const [mode, setMode] = useState<Mode>(current && current.name !== "User" ? "CUSTOM" : "DEFAULT");
  const [tableId, setTableId] = useState(current?.id ?? "");
  const [emailFieldId, setEmailFieldId] = useState(fieldWith("userEmail"));
  const [passwordFieldId, setPasswordFieldId] = useState(fieldWith("userPassword"));
  const [error, setError] = useState<unknown>(null);
  const [save, saving] = useMutate<mutationsSetupUsersTableMutation>(setupUsersTableMutation);
  const auth = useAuthModeChoice(api);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused Continue, the first field that needs fixing (or the form's alert) is brought
  // into view and the keyboard lands on it: the card is taller than a phone's screen.
  const [refusals, setRefusals] = useState(0);
  const [customRefused, setCustomRefused] = useState(false);
  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-testid="publish-auth-error"]');
    first?.scrollIntoView?.({ block: "center" });
    first?.focus();
  }, [refusals]);

  const fallback = defaultUsersTable(model);
  const table = model.objectTypes.find((objectType) => objectType.id === tableId) ?? null;
  const choice = { mode: "CUSTOM" as const, tableId, emailFieldId, passwordFieldId };
  const missingPick = mode === "CUSTOM" ? missingCustomUsersTablePick(model, choice) : null;
  // Said under the pick that is missing, where the user is looking, rather than above the form.
  const pickError = (pick: typeof missingPick) =>
    customRefused && missingPick === pick ? intl.formatMessage({ id: "error_api_create_requires_usertype" }) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const authProblem = auth.check();
    setCustomRefused(missingPick !== null);
    if (authProblem || missingPick) {
      setRefusals((count) => count + 1);
      // The OIDC fields and the users-table picks show their own problems; a missing method is said above the form.
      if (authProblem === "error_api_create_requires_authmode") setError(new Error(intl.formatMessage({ id: authProblem })));
      return;
    }
    try {
      await auth.save();
      await save({ input: mode === "DEFAULT" ? { apiId: api.id, mode } : { apiId: api.id, ...choice } });
      await navigate({ to: "/project-publish/$apiId/region", params: { apiId: api.id } });
    } catch (caught) {
      setError(caught);
      setRefusals((count) => count + 1);
    }
  };

  return (
    <form ref={formRef} className="card publish-card" onSubmit={(event) => void onSubmit(event)} data-testid="publish-auth" noValidate>
      <WizardStep step={1} />
      <h1>
        <FormattedMessage id="publish.auth.title" />
      </h1>
      <p>
        <FormattedMessage id="publish.auth.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger" testId="publish-auth-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <AuthModeChoice value={auth.choice} storedMode={api.defaultAuthMode} onChange={auth.setChoice} problems={auth.problems} readOnly={auth.readOnly} />
      <fieldset className="wizard-options">
        <legend>
          <FormattedMessage id="publish.auth.choice" />
        </legend>
        <label className="wizard-option">
          <input type="radio" name="usersTable" value="DEFAULT" checked={mode === "DEFAULT"} onChange={() => setMode("DEFAULT")} data-testid="users-table-default" />
          <span>
            <strong>
              <FormattedMessage id="publish.auth.default" />
            </strong>
            <span className="wizard-option-hint">
              <FormattedMessage
                id={fallback ? "publish.auth.defaultExisting" : "publish.auth.defaultNew"}
                values={{ table: fallback?.name ?? "User" }}
              />
            </span>
          </span>
        </label>
        <label className="wizard-option">
          <input type="radio" name="usersTable" value="CUSTOM" checked={mode === "CUSTOM"} onChange={() => setMode("CUSTOM")} data-testid="users-table-custom" />
          <span>
            <strong>
              <FormattedMessage id="publish.auth.custom" />
            </strong>
            <span className="wizard-option-hint">
              <FormattedMessage id="publish.auth.customHint" />
            </span>
          </span>
        </label>
      </fieldset>
      {mode === "CUSTOM" && (
        <div className="wizard-custom" data-testid="users-table-custom-fields">
          <SelectField
            label={<FormattedMessage id="publish.auth.table" />}
            value={tableId}
            placeholder={intl.formatMessage({ id: "publish.auth.choose" })}
            onChange={(value) => {
              setTableId(value);
              setEmailFieldId("");
              setPasswordFieldId("");
            }}
            options={model.objectTypes.map((objectType) => ({ value: objectType.id, label: objectType.name }))}
            error={pickError("tableId")}
            data-testid="users-table-select"
          />
          <SelectField
            label={<FormattedMessage id="publish.auth.emailField" />}
            value={emailFieldId}
            placeholder={intl.formatMessage({ id: "publish.auth.choose" })}
            onChange={setEmailFieldId}
            disabled={!table}
            options={(table ? emailFieldOptions(table, passwordFieldId || null) : []).map((field) => ({ value: field.id, label: field.name }))}
            error={pickError("emailFieldId")}
            data-testid="users-email-select"
          />
          <SelectField
            label={<FormattedMessage id="publish.auth.passwordField" />}
            value={passwordFieldId}
            placeholder={intl.formatMessage({ id: "publish.auth.choose" })}
            onChange={setPasswordFieldId}
            disabled={!table}
            options={(table ? passwordFieldOptions(table, emailFieldId || null) : []).map((field) => ({ value: field.id, label: field.name }))}
            error={pickError("passwordFieldId")}
            data-testid="users-password-select"
          />
        </div>
      )}
      <div className="publish-actions">
        <Button type="submit" variant="primary" busy={saving || auth.saving} disabled={!api.viewerCanEditModel} data-testid="wizard-next">
          <FormattedMessage id="publish.wizard.next" />
        </Button>
        <Link to="/api/$apiId/data" params={{ apiId: api.id }} className="btn btn-link" data-testid="wizard-back">
          <FormattedMessage id="publish.wizard.backToProject" />
        </Link>
      </div>
    </form>
  );
}
