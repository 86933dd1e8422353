import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { updateSession, useSession } from "../session/sessionState";
import { loadCognito } from "../session/tokens";
import { Alert } from "../ui/Alert";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { CodeField } from "./CodeField";
import { SignedInOnly } from "./SignedInOnly";
import { codeError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";

/** Step two of an email change: the code from the new address makes it the account's address. */
export default function VerifyEmailScreen() {
  return (
    <AuthCard
      titleId="auth.verifyEmail.title"
      testId="verify-email-screen"
      links={
        <>
          <Link to="/account/change-email">
            <FormattedMessage id="auth.verifyEmail.changeAgain" />
          </Link>
          <Link to="/account/settings">
            <FormattedMessage id="auth.account.back" />
          </Link>
        </>
      }
    >
      <SignedInOnly>
        <VerifyEmailForm />
      </SignedInOnly>
    </AuthCard>
  );
}

function VerifyEmailForm() {
  const { email } = useSession();
  const [code, setCode] = useState("");
  const [verified, setVerified] = useState(false);
  const form = useAuthForm({ code: codeError(code) }, async () => {
    // The old tokens still name the old address; verifying returns refreshed ones with the new one.
    const session = await (await loadCognito()).verifyEmail(code);
    updateSession({ email: session.email, accessToken: session.accessToken, expiresAt: session.expiresAt });
    setVerified(true);
  });
  if (verified) {
    return (
      <Alert variant="success" testId="email-verified">
        <FormattedMessage id="auth.verifyEmail.success" values={{ email: <strong>{email}</strong> }} />
      </Alert>
    );
  }
  return (
    <>
      <p>
        <FormattedMessage id="auth.verifyEmail.text" />
      </p>
      <AuthForm form={form} submitId="auth.verifyEmail.submit" testId="verify-email-form">
        <CodeField value={code} onChange={setCode} error={form.fieldError("code")} />
      </AuthForm>
    </>
  );
}
