import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { signUp } from "../session/actions";
import { useLocale } from "../i18n/I18nProvider";
import { TermsCheckbox } from "../common/TermsCheckbox";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { EmailField } from "./EmailField";
import { PasswordField } from "./PasswordField";
import { ConfirmPasswordField } from "./ConfirmPasswordField";
import { confirmPasswordError, emailError, newPasswordError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";
import { sanitizeEmail } from "../domain/account";

export default function SignupScreen() {
  const navigate = useNavigate();
  const { locale } = useLocale();
  // An invitation mail links here with the invited address (?email=…).
  const [email, setEmail] = useState(() => sanitizeEmail(new URLSearchParams(window.location.search).get("email") ?? ""));
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [termsAccepted, setTermsAccepted] = useState(false);

  const form = useAuthForm(
    {
      email: emailError(email),
      password: newPasswordError(password),
      confirmation: confirmPasswordError(password, confirmation),
      terms: termsAccepted ? undefined : "signup_error_terms_required",
    },
    async () => {
      // The locale picks the language of the verification mail.
      await signUp(email, password, locale);
      await navigate({ to: "/signup-code-entry", search: { email } });
    },
  );
  const termsError = form.fieldError("terms");

  return (
    <AuthCard
      titleId="auth.signup.title"
      testId="signup-screen"
      links={
        <Link to="/login">
          <FormattedMessage id="auth.signup.login" />
        </Link>
      }
    >
      <AuthForm form={form} submitId="auth.signup.submit" testId="signup-form">
        <EmailField value={email} onChange={setEmail} error={form.fieldError("email")} />
        <PasswordField labelId="auth.field.password.label" value={password} onChange={setPassword} error={form.fieldError("password")} />
        <ConfirmPasswordField value={confirmation} onChange={setConfirmation} error={form.fieldError("confirmation")} />
        <TermsCheckbox labelId="auth.signup.terms" checked={termsAccepted} onChange={setTermsAccepted} error={termsError} />
      </AuthForm>
    </AuthCard>
  );
}
