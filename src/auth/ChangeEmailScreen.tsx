import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { useSession } from "../session/sessionState";
import { loadCognito } from "../session/tokens";
import { AuthCard } from "./AuthCard";
import { AuthForm } from "./AuthForm";
import { EmailField } from "./EmailField";
import { SignedInOnly } from "./SignedInOnly";
import { emailError } from "./fieldErrors";
import { useAuthForm } from "./useAuthForm";

/** Step one of an email change: the code goes to the new address, which is verified next. */
export default function ChangeEmailScreen() {
  return (
    <AuthCard
      titleId="auth.changeEmail.title"
      testId="change-email-screen"
      links={
        <Link to="/account/settings">
          <FormattedMessage id="auth.account.back" />
        </Link>
      }
    >
      <SignedInOnly>
        <ChangeEmailForm />
      </SignedInOnly>
    </AuthCard>
  );
}

function ChangeEmailForm() {
  const navigate = useNavigate();
  const { email: current } = useSession();
  const [email, setEmail] = useState("");
  const form = useAuthForm({ email: email && email === current ? "auth.changeEmail.same" : emailError(email) }, async () => {
    await (await loadCognito()).changeEmail(email);
    await navigate({ to: "/account/verify-email" });
  });
  return (
    <>
      <p>
        <FormattedMessage id="auth.changeEmail.current" values={{ email: <strong>{current}</strong> }} />
      </p>
      <AuthForm form={form} submitId="auth.changeEmail.submit" testId="change-email-form">
        <EmailField labelId="auth.changeEmail.newEmail" value={email} onChange={setEmail} error={form.fieldError("email")} />
      </AuthForm>
    </>
  );
}
