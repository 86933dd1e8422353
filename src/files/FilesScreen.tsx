import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import { useLoaderData } from "@tanstack/react-router";
import type { FilesScreenQuery } from "../__generated__/FilesScreenQuery.graphql";
import type { FilesScreen_api$key } from "../__generated__/FilesScreen_api.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { FilesPanel } from "./project/FilesPanel";
import "./Files.css";

const filesScreenQuery = graphql`
  query FilesScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      ...ProjectHeader_api
      ...FilesScreen_api
    }
  }
`;

/**
 * project-assets (spec §2 'Files: a file explorer with drag/drop upload, delete and load more').
 * The project's own files live on its endpoint; the list loads there once the project is live.
 */
export default function FilesScreen(props: { queryRef: PreloadedQuery<FilesScreenQuery> }) {
  const data = usePreloadedQuery<FilesScreenQuery>(filesScreenQuery, props.queryRef);
  if (!data.api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  return (
    <section className="files-screen">
      <ProjectHeader api={data.api} />
      <h1>
        <FormattedMessage id="route.project-assets" />
      </h1>
      <FilesArea api={data.api} />
    </section>
  );
}

function FilesArea(props: { api: FilesScreen_api$key }) {
  const api = useFragment(
    graphql`
      fragment FilesScreen_api on Api {
        id
        graphqlUrl
      }
    `,
    props.api,
  );
  // Files exist once the project has a live version (spec §4 'Data and files can be added only after the table is published').
  if (!api.graphqlUrl) {
    return (
      <Alert variant="info" testId="publish-hint">
        <FormattedMessage id="error_api_management_before_publish" />
      </Alert>
    );
  }
  // The route started the list's first page with the screen's query (src/router/routes.tsx).
  const listRef = useLoaderData({ strict: false })?.filesRef ?? null;
  return <FilesPanel apiId={api.id} queryRef={listRef} />;
}
