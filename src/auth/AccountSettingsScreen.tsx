import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { errorText } from "../common/ErrorMessage";
import { LOCALES, type Locale } from "../domain/locale";
import { useLocale } from "../i18n/I18nProvider";
import { useSession } from "../session/sessionState";
import { loadCognito } from "../session/tokens";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { AuthCard } from "./AuthCard";
import { useSignOut } from "./useSignOut";

export default function AccountSettingsScreen() {
  const intl = useIntl();
  const { email } = useSession();
  const { locale, setLocale } = useLocale();
  const signOut = useSignOut();
  const [busy, setBusy] = useState<"here" | "everywhere">();
  const [error, setError] = useState<string>();

  const run = async (which: "here" | "everywhere") => {
    setBusy(which);
    setError(undefined);
    try {
      // Revoking every refresh token first; the local sign-out then clears this browser.
      if (which === "everywhere") await (await loadCognito()).globalSignOut();
      await signOut();
    } catch (failure) {
      setError(errorText(intl, failure));
      setBusy(undefined);
    }
  };

  return (
    <AuthCard titleId="auth.accountSettings.title" testId="account-settings-screen">
      {error && (
        <Alert variant="danger" testId="auth-error">
          {error}
        </Alert>
      )}
      <p data-testid="account-email">
        <FormattedMessage id="auth.accountSettings.email" values={{ email: <strong>{email}</strong> }} />
      </p>
      <nav className="auth-links">
        <Link to="/account/change-email">
          <FormattedMessage id="auth.accountSettings.changeEmail" />
        </Link>
        <Link to="/account/change-password">
          <FormattedMessage id="auth.accountSettings.changePassword" />
        </Link>
      </nav>
      <div className="field">
        <label htmlFor="account-language">
          <FormattedMessage id="auth.accountSettings.language" />
        </label>
        <select id="account-language" value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
          {LOCALES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: `auth.accountSettings.language.${value}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="auth-links">
        <Button busy={busy === "everywhere"} disabled={busy === "here"} onClick={() => void run("everywhere")} data-testid="sign-out-everywhere">
          <FormattedMessage id="auth.accountSettings.signOutEverywhere" />
        </Button>
        <Button variant="primary" busy={busy === "here"} disabled={busy === "everywhere"} onClick={() => void run("here")} data-testid="account-sign-out">
          <FormattedMessage id="auth.accountSettings.signOut" />
        </Button>
      </div>
    </AuthCard>
  );
}
