import { useState } from "react";
import { useIntl } from "react-intl";
import { TextField } from "../../ui/TextField";
import { ApiError } from "../../relay/errors";
import { closeProjectSignIn, signInProjectUser } from "../../relay/projectSignIns";
import type { ProjectPool } from "../../session/projectCognitoClient";
import { ModelDialog } from "../../model/dialogs/ModelDialog";

/** Cognito's refusals as the modal explains them; anything else is the generic failure. */
const COGNITO_MESSAGES: Record<string, string> = {
  NotAuthorizedException: "data.projectSignIn.error.credentials",
  UserNotFoundException: "data.projectSignIn.error.credentials",
  UserNotConfirmedException: "data.projectSignIn.error.unconfirmed",
  PasswordResetRequiredException: "data.projectSignIn.error.newPassword",
  LimitExceededException: "data.projectSignIn.error.limit",
};

function signInError(error: unknown): ApiError {
  const code = (error as { code?: string } | null)?.code ?? "";
  const messageId = COGNITO_MESSAGES[code] ?? "data.projectSignIn.error.failed";
  return new ApiError((error as { message?: string } | null)?.message ?? code, messageId, code);
}

/**
 * Spec §4 'Project-level API admin sign-in: a button opens an auth modal': email and password of
 * a user of the project's own pool; the data explorer then acts as that user.
 */
export function ProjectSignInDialog(props: { apiId: string; pool: ProjectPool }) {
  const intl = useIntl();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInProjectUser(props.apiId, props.pool, email.trim(), password);
    } catch (failure) {
      setError(signInError(failure));
      setBusy(false);
    }
  };
  return (
    <ModelDialog
      titleId="data.projectSignIn.title"
      submitId="data.projectSignIn.submit"
      testId="project-sign-in-dialog"
      onClose={() => closeProjectSignIn(props.apiId)}
      onSubmit={() => void submit()}
      submitDisabled={email.trim() === "" || password === ""}
      busy={busy}
      error={error}
    >
      <TextField
        label={intl.formatMessage({ id: "data.projectSignIn.email" })}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        autoFocus
        data-testid="project-sign-in-email"
      />
      <TextField
        label={intl.formatMessage({ id: "data.projectSignIn.password" })}
        type="password"
        autoComplete="off"
        value={password}
        onChange={setPassword}
        data-testid="project-sign-in-password"
      />
    </ModelDialog>
  );
}
