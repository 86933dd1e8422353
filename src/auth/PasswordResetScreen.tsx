import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { getSession } from "../session/sessionState";
import { loadCognito } from "../session/tokens";
import { Button } from "../ui/Button";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { CodeField } from "./CodeField";
import { ConfirmPasswordField } from "./ConfirmPasswordField";
import { EmailField } from "./EmailField";
import { PasswordField } from "./PasswordField";
import { ResendCodeButton } from "./ResendCodeButton";
import { codeError, confirmPasswordError, emailError, newPasswordError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";

async function sendResetCode(email: string) {
  await (await loadCognito()).forgotPassword(email);
}

/** Forgot password, in two steps on one route: ask for a code, then set the new password with it. */
export default function PasswordResetScreen() {
  const [requestedFor, setRequestedFor] = useState<string>();
  return (
    <AuthCard
      titleId="auth.passwordReset.title"
      testId="password-reset-screen"
      step={<FormattedMessage id="auth.passwordReset.step" values={{ step: requestedFor ? 2 : 1, total: 2 }} />}
      links={
        <Link to="/login">
          <FormattedMessage id="auth.passwordReset.login" />
        </Link>
      }
    >
      {requestedFor ? (
        <ConfirmStep email={requestedFor} onOtherEmail={() => setRequestedFor(undefined)} />
      ) : (
        <RequestStep onRequested={setRequestedFor} />
      )}
    </AuthCard>
  );
}

function RequestStep(props: { onRequested(email: string): void }) {
  const [email, setEmail] = useState(getSession().email ?? "");
  const form = useAuthForm({ email: emailError(email) }, async () => {
    await sendResetCode(email);
    props.onRequested(email);
  });
  return (
    <>
      <p>
        <FormattedMessage id="auth.passwordReset.requestText" />
      </p>
      <AuthForm form={form} submitId="auth.passwordReset.requestSubmit" testId="password-reset-request-form">
        <EmailField value={email} onChange={setEmail} error={form.fieldError("email")} autoComplete="username" />
      </AuthForm>
    </>
  );
}

function ConfirmStep(props: { email: string; onOtherEmail(): void }) {
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const form = useAuthForm(
    { code: codeError(code), password: newPasswordError(password), confirmation: confirmPasswordError(password, confirmation) },
    async () => {
      await (await loadCognito()).confirmForgotPassword(props.email, code, password);
      await navigate({ to: "/login", search: { notice: "passwordReset" } });
    },
  );
  return (
    <>
      <p>
        <FormattedMessage id="auth.passwordReset.confirmText" values={{ email: <strong>{props.email}</strong> }} />
      </p>
      <AuthForm form={form} submitId="auth.passwordReset.confirmSubmit" testId="password-reset-confirm-form">
        <CodeField value={code} onChange={setCode} error={form.fieldError("code")} />
        <PasswordField labelId="auth.field.newPassword.label" value={password} onChange={setPassword} error={form.fieldError("password")} />
        <ConfirmPasswordField value={confirmation} onChange={setConfirmation} error={form.fieldError("confirmation")} />
      </AuthForm>
      <ResendCodeButton email={props.email} resend={() => sendResetCode(props.email)} onSent={form.clearError} />
      <div className="auth-links">
        <Button variant="link" onClick={props.onOtherEmail}>
          <FormattedMessage id="auth.passwordReset.otherEmail" />
        </Button>
      </div>
    </>
  );
}
