import { useEffect } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { notFound, Outlet, useLoaderData } from "@tanstack/react-router";
import type { OrgLayoutQuery } from "../__generated__/OrgLayoutQuery.graphql";
import { getSession } from "../session/sessionState";
import { switchOrg } from "../session/actions";
import { DocumentTitle } from "../layouts/DocumentTitle";

/**
 * The org layout's data, loaded by the `/org/$orgId` route next to its screen's query: the
 * workspace, the viewer's role there and what the server lets them do (src/domain/permissions).
 */
export const orgLayoutQuery = graphql`
  query OrgLayoutQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      name
      viewerRoleType
      viewerRole {
        id
      }
      viewerCanManageOrg
      viewerCanManageUsers
      viewerCanDeleteOrg
      viewerCanCreateApi
      viewerAssignableRoles
    }
  }
`;

/**
 * `/org/$orgId`: an unknown workspace is not found; opening another workspace of the viewer
 * makes it the active one, which records the sign-in there (spec §4).
 */
export default function OrgLayout() {
  const { queryRef } = useLoaderData({ strict: false }) as { queryRef: PreloadedQuery<OrgLayoutQuery> };
  const { org } = usePreloadedQuery<OrgLayoutQuery>(orgLayoutQuery, queryRef);
  const hasRole = Boolean(org?.viewerRole);
  useEffect(() => {
    if (org && hasRole && getSession().activeOrgId !== org.id) void switchOrg(org.id);
  }, [org, hasRole]);
  if (!org) throw notFound();
  return (
    <>
      <DocumentTitle place={org.name} />
      <Outlet />
    </>
  );
}
