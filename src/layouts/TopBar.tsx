import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { useSession } from "../session/sessionState";
import { UserMenu } from "./UserMenu";
import { useLocale } from "../i18n/I18nProvider";
import { publicSiteUrl } from "../common/publicSite";
import { Logo } from "./Logo";

const SECTIONS = [
  ["apis", "nav.projects"],
  ["billing", "nav.billing"],
  ["settings", "nav.settings"],
  ["users", "nav.users"],
] as const;

export function TopBar() {
  const intl = useIntl();
  const { locale } = useLocale();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const orgId = session.status === "Authenticated" ? session.activeOrgId : undefined;
  const signedIn = session.status === "Authenticated" || session.status === "NoRoles";
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="home-button" aria-label={intl.formatMessage({ id: "nav.home" })}>
          <Logo />
          <span>
            <FormattedMessage id="app.name" />
          </span>
        </Link>
        {orgId && (
          <>
            <button
              type="button"
              className="btn hamburger"
              aria-expanded={menuOpen}
              aria-controls="topnav"
              aria-label={intl.formatMessage({ id: "nav.menu" })}
              onClick={() => setMenuOpen((open) => !open)}
            >
              ☰
            </button>
            <nav id="topnav" className={`topnav${menuOpen ? " open" : ""}`} aria-label={intl.formatMessage({ id: "nav.main" })}>
              {SECTIONS.map(([section, label]) => (
                <Link key={section} to={`/org/$orgId/${section}`} params={{ orgId }} onClick={() => setMenuOpen(false)}>
                  <FormattedMessage id={label} />
                </Link>
              ))}
            </nav>
          </>
        )}
        <div className="topbar-end">
          <a className="docs-link" href={publicSiteUrl("/docs", locale)} target="_blank" rel="noreferrer">
            <FormattedMessage id="nav.docs" />
          </a>
          {signedIn ? (
            <UserMenu />
          ) : (
            <Link to="/login" className="btn">
              <FormattedMessage id="nav.login" />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
