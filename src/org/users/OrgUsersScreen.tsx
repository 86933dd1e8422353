import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { OrgUsersScreenQuery } from "../../__generated__/OrgUsersScreenQuery.graphql";
import { MembersTable } from "./MembersTable";
import "../org.css";

export const orgUsersQuery = graphql`
  query OrgUsersScreenQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      name
      viewerCanManageUsers
    }
    ...MembersTable_query @arguments(orgId: $orgId)
  }
`;

/** org-users: who is in the workspace, with which role, and when they last signed in. */
export default function OrgUsersScreen(props: { queryRef: PreloadedQuery<OrgUsersScreenQuery> }) {
  const data = usePreloadedQuery<OrgUsersScreenQuery>(orgUsersQuery, props.queryRef);
  if (!data.org) return null;
  return (
    <section className="org-page" data-testid="org-users-screen">
      <h1>
        <FormattedMessage id="org.users.title" />
      </h1>
      <p className="field-hint">
        <FormattedMessage id="org.users.subtitle" />
      </p>
      <MembersTable query={data} orgId={data.org.id} manage={data.org.viewerCanManageUsers} />
    </section>
  );
}
