import { useState } from "react";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { confirmSignUp, resendSignUpCode } from "../session/actions";
import { getSession, useSession } from "../session/sessionState";
import { homeOf } from "../router/guards";
import { CODE_LENGTH, isValidEmail } from "../domain/account";
import { Alert } from "../ui/Alert";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { CodeField } from "./CodeField";
import { ResendCodeButton } from "./ResendCodeButton";
import { codeError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";
import { hasLocalMailbox } from "./localMailbox";

/** The code from the sign-up mail confirms the address, then the user is signed in (spec §4). */
export default function SignupCodeEntryScreen() {
  const navigate = useNavigate();
  const email = usePendingEmail();
  const [code, setCode] = useState("");

  const form = useAuthForm({ code: codeError(code) }, async () => {
    const result = await confirmSignUp(code, email);
    if (result === "signInAgain") {
      await navigate({ to: "/login", search: { notice: "confirmed" } });
      return;
    }
    const session = getSession();
    if (session.status === "FailedToGetRoles") throw session.error;
    // A new user has no workspace yet, so this is usually workspace-setup.
    await navigate({ href: homeOf(session) });
  });

  const loginLink = (
    <Link to="/login">
      <FormattedMessage id="auth.signupCodeEntry.login" />
    </Link>
  );

  // Without an address the code alone cannot say whose account it confirms.
  if (!email) {
    return (
      <AuthCard titleId="auth.signupCodeEntry.title" testId="signup-code-entry-screen" links={loginLink}>
        <Alert variant="info" testId="signup-code-no-email">
          <FormattedMessage id="auth.signupCodeEntry.noEmail" values={{ link: (chunks) => <Link to="/signup">{chunks}</Link> }} />
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="auth.signupCodeEntry.title" testId="signup-code-entry-screen" links={loginLink}>
      <p>
        <FormattedMessage id="auth.signupCodeEntry.text" values={{ email: <strong>{email}</strong>, length: CODE_LENGTH }} />
      </p>
      {hasLocalMailbox() && (
        <Alert variant="info" testId="signup-code-local-mailbox">
          <FormattedMessage id="auth.signupCodeEntry.localMailbox" />
        </Alert>
      )}
      <AuthForm form={form} submitId="auth.signupCodeEntry.submit" testId="signup-code-form">
        <CodeField value={code} onChange={setCode} error={form.fieldError("code")} />
      </AuthForm>
      <ResendCodeButton email={email} resend={() => resendSignUpCode(email)} onSent={form.clearError} />
    </AuthCard>
  );
}

/** The session's address, or after a reload the one sign-up and sign-in put in the page's address. */
function usePendingEmail(): string | undefined {
  const sessionEmail = useSession().email;
  const { email } = useSearch({ strict: false });
  if (sessionEmail) return sessionEmail;
  return typeof email === "string" && isValidEmail(email) ? email : undefined;
}
