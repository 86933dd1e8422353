import { useId, useState, type FormEvent } from "react";
import type { PoolAuth } from "./auth";
import { t } from "./messages";

type Step = "signIn" | "signUp" | "confirm";

/** Sign in, create an account, confirm it with the mailed code (the project's own user pool). */
export function SignInForms(props: { auth: PoolAuth; onSignedIn(): void }) {
  const id = useId();
  const [step, setStep] = useState<Step>("signIn");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (event: FormEvent, action: () => Promise<void>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) =>
    run(event, async () => {
      if (step === "signUp") {
        await props.auth.signUp(email.trim(), password);
        setNotice(t("codeSent", { email: email.trim() }));
        setStep("confirm");
      } else if (step === "confirm") {
        await props.auth.confirm(email.trim(), code.trim());
        await props.auth.signIn(email.trim(), password).then(props.onSignedIn, () => (setNotice(t("confirmed")), setStep("signIn")));
      } else {
        try {
          await props.auth.signIn(email.trim(), password);
          props.onSignedIn();
        } catch (caught) {
          if (!props.auth.notConfirmed(caught)) throw caught;
          setNotice(t("codeSent", { email: email.trim() }));
          setStep("confirm");
        }
      }
    });

  const title = step === "signUp" ? t("signUp") : step === "confirm" ? t("confirm") : t("signIn");
  return (
    <form className="app-form app-sign-in" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{title}</h2>
      {notice && <p role="status">{notice}</p>}
      {error && (
        <p role="alert" className="app-error">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-email`}>{t("email")}</label>
      <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      {step !== "confirm" || !password ? (
        <>
          <label htmlFor={`${id}-password`}>{t("password")}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete={step === "signUp" ? "new-password" : "current-password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </>
      ) : null}
      {step === "confirm" && (
        <>
          <label htmlFor={`${id}-code`}>{t("code")}</label>
          <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} required />
        </>
      )}
      <button type="submit" className="app-button app-primary" disabled={busy}>
        {title}
      </button>
      {step === "signIn" ? (
        <button type="button" className="app-link" onClick={() => (setStep("signUp"), setError(null), setNotice(null))}>
          {t("needAccount")}
        </button>
      ) : (
        <button type="button" className="app-link" onClick={() => (setStep("signIn"), setError(null))}>
          {t("haveAccount")}
        </button>
      )}
    </form>
  );
}
