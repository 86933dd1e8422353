import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import { useLoaderData } from "@tanstack/react-router";
import type { ProjectSettingsScreenQuery } from "../../__generated__/ProjectSettingsScreenQuery.graphql";
import type { ApiKeysPanelQuery } from "../../__generated__/ApiKeysPanelQuery.graphql";
import { ProjectHeader } from "../ProjectHeader";
import { Alert } from "../../ui/Alert";
import { ProjectSettingsForm } from "./ProjectSettingsForm";
import { ProjectDangerZone } from "./ProjectDangerZone";
import { ApiKeysArea } from "./ApiKeysArea";
import "./settings.css";

const projectSettingsQuery = graphql`
  query ProjectSettingsScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      ...ProjectHeader_api
      ...ProjectSettingsForm_api
      ...ApiKeysArea_api
      ...ProjectDangerZone_api
    }
  }
`;

/**
 * project-settings (spec §2 'Other project screens'): the project's facts and its name and
 * authentication, its API keys (on the project's own endpoint) and the danger zone.
 */
export default function ProjectSettingsScreen(props: { queryRef: PreloadedQuery<ProjectSettingsScreenQuery> }) {
  const { api } = usePreloadedQuery<ProjectSettingsScreenQuery>(projectSettingsQuery, props.queryRef);
  // The route started the key list with this query (src/router/routes.tsx).
  const keysRef = (useLoaderData({ strict: false }) as { keysRef?: PreloadedQuery<ApiKeysPanelQuery> | null } | undefined)?.keysRef ?? null;
  if (!api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  return (
    <section className="project-settings" data-testid="project-settings-screen">
      <ProjectHeader api={api} />
      <h1>
        <FormattedMessage id="route.project-settings" />
      </h1>
      <ProjectSettingsForm api={api} />
      <ApiKeysArea api={api} keysRef={keysRef} />
      <ProjectDangerZone api={api} />
    </section>
  );
}
