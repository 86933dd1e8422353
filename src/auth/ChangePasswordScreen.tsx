import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { loadCognito } from "../session/tokens";
import { Alert } from "../ui/Alert";
import { TextField } from "../ui/TextField";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { ConfirmPasswordField } from "./ConfirmPasswordField";
import { PasswordField } from "./PasswordField";
import { SignedInOnly } from "./SignedInOnly";
import { confirmPasswordError, newPasswordError, requiredPasswordError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";

export default function ChangePasswordScreen() {
  return (
    <AuthCard
      titleId="auth.changePassword.title"
      testId="change-password-screen"
      links={
        <Link to="/account/settings">
          <FormattedMessage id="auth.account.back" />
        </Link>
      }
    >
      <SignedInOnly>
        <ChangePasswordForm />
      </SignedInOnly>
    </AuthCard>
  );
}

function ChangePasswordForm() {
  const intl = useIntl();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [changed, setChanged] = useState(false);
  const form = useAuthForm(
    {
      current: requiredPasswordError(current),
      password: newPasswordError(password),
      confirmation: confirmPasswordError(password, confirmation),
    },
    async () => {
      try {
        await (await loadCognito()).changePassword(current, password);
      } catch (error) {
        throw wrongCurrentPassword(error) ? { ...(error as object), code: "WrongCurrentPassword" } : error;
      }
      setChanged(true);
    },
  );
  if (changed) {
    return (
      <Alert variant="success" testId="password-changed">
        <FormattedMessage id="auth.changePassword.success" />
      </Alert>
    );
  }
  return (
    <AuthForm form={form} submitId="auth.changePassword.submit" testId="change-password-form">
      <TextField
        label={intl.formatMessage({ id: "auth.field.currentPassword.label" })}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={form.fieldError("current")}
      />
      <PasswordField labelId="auth.field.newPassword.label" value={password} onChange={setPassword} error={form.fieldError("password")} />
      <ConfirmPasswordField value={confirmation} onChange={setConfirmation} error={form.fieldError("confirmation")} />
    </AuthForm>
  );
}

/**
 * The service answers a wrong current password with sign-in's NotAuthorizedException, whose
 * text ('Incorrect email or password.') would blame the email here; a lockout keeps its own text.
 */
function wrongCurrentPassword(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "NotAuthorizedException" && message === "Incorrect username or password.";
}
