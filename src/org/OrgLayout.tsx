import { Suspense, useEffect } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { getRouteApi, Outlet, useRouterState } from "@tanstack/react-router";
import type { OrgLayoutQuery } from "../__generated__/OrgLayoutQuery.graphql";
import { getSession, useSession } from "../session/sessionState";
import { switchOrg } from "../session/actions";
import { DocumentTitle } from "../layouts/DocumentTitle";
import { OrgFrame } from "../layouts/OrgFrame";
import { RouteErrorBoundary } from "../common/RouteErrorBoundary";
import { NotFoundScreen } from "../common/NotFoundScreen";
import { Spinner } from "../ui/Spinner";
import OrgRoleUpdates from "./OrgRoleUpdates";

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

const orgRoute = getRouteApi("/authed/org/$orgId");

/**
 * `/org/$orgId`: the workspace's chrome around its screens; the chrome stays while the screen
 * loads or fails. An unknown workspace is not found; opening another workspace of the viewer
 * makes it the active one, which records the sign-in there (spec §4).
 */
export default function OrgLayout() {
  const { queryRef } = orgRoute.useLoaderData();
  const { orgId } = orgRoute.useParams();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signedIn = useSession().status === "Authenticated";
  return (
    <OrgFrame>
      {signedIn && (
        // Live role changes of the workspace (members table, the viewer's own permissions).
        <Suspense fallback={null}>
          <OrgRoleUpdates orgId={orgId} />
        </Suspense>
      )}
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner />}>
          <OrgScreens queryRef={queryRef} />
        </Suspense>
      </RouteErrorBoundary>
    </OrgFrame>
  );
}

function OrgScreens(props: { queryRef: PreloadedQuery<OrgLayoutQuery> }) {
  const { org } = usePreloadedQuery<OrgLayoutQuery>(orgLayoutQuery, props.queryRef);
  const hasRole = Boolean(org?.viewerRole);
  useEffect(() => {
    if (org && hasRole && getSession().activeOrgId !== org.id) void switchOrg(org.id);
  }, [org, hasRole]);
  if (!org) return <NotFoundScreen />;
  return (
    <>
      <DocumentTitle place={org.name} />
      <Outlet />
    </>
  );
}
