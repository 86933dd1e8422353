import { usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { ProjectLayoutQuery } from "../__generated__/ProjectLayoutQuery.graphql";
import { projectLayoutQuery } from "./ProjectLayout";
import { ProjectSections } from "../layouts/ProjectSidebar";

/** The sidebar's sections once the project layout's query has answered. */
export default function ProjectLayoutSections(props: { queryRef: PreloadedQuery<ProjectLayoutQuery>; apiId: string }) {
  const { api, viewer } = usePreloadedQuery<ProjectLayoutQuery>(projectLayoutQuery, props.queryRef);
  const info = api
    ? {
        orgId: api.orgId,
        name: api.name,
        state: api.state,
        creationType: api.creationType,
        featureFlags: viewer?.featureFlags ?? [],
        isSuperuser: viewer?.isSuperuser ?? false,
        viewerCanPublish: api.viewerCanPublish,
      }
    : undefined;
  return <ProjectSections apiId={props.apiId} info={info} />;
}
