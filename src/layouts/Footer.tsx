import { FormattedMessage, useIntl } from "react-intl";
import { LOCALES, type Locale } from "../domain/locale";
import { useLocale } from "../i18n/I18nProvider";
import { publicSiteUrl } from "../common/publicSite";

export function Footer() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span>
          <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
        </span>
        <label>
          <span className="visually-hidden">{intl.formatMessage({ id: "footer.language" })}</span>
          <select
            value={locale}
            onChange={(event) => setLocale(event.target.value as Locale)}
            aria-label={intl.formatMessage({ id: "footer.language" })}
            data-testid="language-select"
          >
            {LOCALES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `footer.language.${value}` })}
              </option>
            ))}
          </select>
        </label>
        <nav className="footer-links" aria-label={intl.formatMessage({ id: "footer.legal" })}>
          <a href={publicSiteUrl("/imprint", locale)} target="_blank" rel="noreferrer">
            <FormattedMessage id="footer.imprint" />
          </a>
          <a href={publicSiteUrl("/terms", locale)} target="_blank" rel="noreferrer">
            <FormattedMessage id="footer.terms" />
          </a>
          <a href={publicSiteUrl("/privacy", locale)} target="_blank" rel="noreferrer">
            <FormattedMessage id="footer.privacy" />
          </a>
        </nav>
      </div>
    </footer>
  );
}
