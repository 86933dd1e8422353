import { useState } from "react";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { signIn } from "../session/actions";
import { getSession } from "../session/sessionState";
import { homeOf, takeSavedRoute } from "../router/guards";
import { Alert } from "../ui/Alert";
import { TextField } from "../ui/TextField";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { EmailField } from "./EmailField";
import { emailError, requiredPasswordError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";

/** Notices other screens leave for the login page through `?notice=` (a reload keeps them). */
const NOTICES = ["confirmed", "passwordReset", "sessionEnded"];

export default function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { notice } = useSearch({ strict: false });
  const [email, setEmail] = useState(getSession().email ?? "");
  const [password, setPassword] = useState("");

  const form = useAuthForm({ email: emailError(email), password: requiredPasswordError(password) }, async () => {
    try {
      await signIn(email, password);
    } catch (error) {
      // A failed sign-in clears the password (spec §8).
      setPassword("");
      throw error;
    }
    const session = getSession();
    if (session.status === "FailedToGetRoles") throw session.error;
    if (session.status === "NotConfirmed") {
      await navigate({ to: "/signup-code-entry", search: { email: session.email } });
      return;
    }
    await navigate({ href: takeSavedRoute() ?? homeOf(session) });
  });

  return (
    <AuthCard
      titleId="auth.login.title"
      testId="login-screen"
      links={
        <>
          <Link to="/password-reset">
            <FormattedMessage id="auth.login.forgotPassword" />
          </Link>
          <Link to="/signup">
            <FormattedMessage id="auth.login.signup" />
          </Link>
        </>
      }
    >
      {notice && NOTICES.includes(notice) && (
        <Alert variant={notice === "sessionEnded" ? "info" : "success"} testId="login-notice">
          <FormattedMessage id={`auth.login.notice.${notice}`} />
        </Alert>
      )}
      <AuthForm form={form} submitId="auth.login.submit" testId="login-form">
        <EmailField value={email} onChange={setEmail} error={form.fieldError("email")} autoComplete="username" />
        <TextField
          label={intl.formatMessage({ id: "auth.field.password.label" })}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={form.fieldError("password")}
        />
      </AuthForm>
    </AuthCard>
  );
}
