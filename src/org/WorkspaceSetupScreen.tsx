import { useState, type FormEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { TextField } from "../ui/TextField";
import { Button } from "../ui/Button";
import { Alert } from "../ui/Alert";
import { ErrorMessage } from "../common/ErrorMessage";
import { validateOrgName } from "../domain/org";
import { useSession } from "../session/sessionState";
import { enterNewOrg } from "../session/actions";
import { useCreateOrgMutation } from "./useCreateOrgMutation";
import { SetupExit } from "../common/SetupExit";

/** workspace-setup: step 1 of 1, the workspace name. */
export default function WorkspaceSetupScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSession();
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [createOrg, busy] = useCreateOrgMutation();
  const problem = validateOrgName(name);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (problem || !session.email) return;
    try {
      const org = await createOrg(name.trim());
      await enterNewOrg(org.id);
      await navigate({ to: "/org/$orgId/apis", params: { orgId: org.id } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate>
      <div className="step">
        <FormattedMessage id="setup.step" values={{ step: 1, total: 1 }} />
      </div>
      <h1>
        <FormattedMessage id="workspaceSetup.title" />
      </h1>
      <p>
        <FormattedMessage id="workspaceSetup.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <TextField
        label={intl.formatMessage({ id: "workspaceSetup.name" })}
        value={name}
        onChange={setName}
        autoFocus
        maxLength={255}
        name="workspaceName"
        error={submitted && problem ? intl.formatMessage({ id: problem }) : undefined}
      />
      <Button type="submit" variant="primary" block busy={busy}>
        <FormattedMessage id="workspaceSetup.submit" />
      </Button>
      <SetupExit />
    </form>
  );
}
