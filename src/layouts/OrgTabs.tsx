import { Link, useParams } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";

const TABS = [
  ["apis", "nav.projects"],
  ["billing", "nav.billing"],
  ["users", "nav.users"],
  ["settings", "nav.settings"],
] as const;

/** The org layout's secondary tabs: Projects, Billing, Users, Settings. */
export function OrgTabs() {
  const intl = useIntl();
  const { orgId } = useParams({ strict: false });
  if (!orgId) return null;
  return (
    <nav className="secondary-tabs" aria-label={intl.formatMessage({ id: "nav.workspace" })}>
      {TABS.map(([section, label]) => (
        <Link key={section} to={`/org/$orgId/${section}`} params={{ orgId }} activeOptions={{ exact: section !== "users" }}>
          <FormattedMessage id={label} />
        </Link>
      ))}
    </nav>
  );
}
