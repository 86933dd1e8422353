import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { OrgDashboardScreenQuery } from "../__generated__/OrgDashboardScreenQuery.graphql";
import { ProjectGrid } from "./ProjectGrid";

export const orgDashboardQuery = graphql`
  query OrgDashboardScreenQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      name
      viewerCanCreateApi
      ...ProjectGrid_org
    }
  }
`;

/** org-api-dashboard: the workspace's projects, plus the card that starts a new one. */
export default function OrgDashboardScreen(props: { queryRef: PreloadedQuery<OrgDashboardScreenQuery> }) {
  const intl = useIntl();
  const { org } = usePreloadedQuery<OrgDashboardScreenQuery>(orgDashboardQuery, props.queryRef);
  if (!org) return null;
  const title = intl.formatMessage(
    { id: "org.dashboard.title" },
    { name: org.name || intl.formatMessage({ id: "org.dashboard.defaultName" }) },
  );
  return (
    <section>
      <h1 data-testid="dashboard-title" className="truncate" title={title}>
        {title}
      </h1>
      <p className="field-hint">
        <FormattedMessage id="org.dashboard.subtitle" />
      </p>
      <ProjectGrid org={org} canCreate={org.viewerCanCreateApi} />
    </section>
  );
}
