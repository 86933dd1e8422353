import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import { useLoaderData, useSearch } from "@tanstack/react-router";
import type { CloudFunctionsScreenQuery } from "../__generated__/CloudFunctionsScreenQuery.graphql";
import type { CloudFunctionsScreen_api$key } from "../__generated__/CloudFunctionsScreen_api.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { FunctionsPanel } from "./project/FunctionsPanel";
import "../files/Files.css";

const cloudFunctionsScreenQuery = graphql`
  query CloudFunctionsScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      ...ProjectHeader_api
      ...CloudFunctionsScreen_api
    }
  }
`;

/** project-cloud-functions (spec §2 'Cloud functions: a toolbar with upload, delete and export, and a selectable table'). */
export default function CloudFunctionsScreen(props: { queryRef: PreloadedQuery<CloudFunctionsScreenQuery> }) {
  const data = usePreloadedQuery<CloudFunctionsScreenQuery>(cloudFunctionsScreenQuery, props.queryRef);
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
        <FormattedMessage id="route.project-cloud-functions" />
      </h1>
      <FunctionsArea api={data.api} />
    </section>
  );
}

function FunctionsArea(props: { api: CloudFunctionsScreen_api$key }) {
  const api = useFragment(
    graphql`
      fragment CloudFunctionsScreen_api on Api {
        id
        graphqlUrl
      }
    `,
    props.api,
  );
  if (!api.graphqlUrl) {
    return (
      <Alert variant="info" testId="publish-hint">
        <FormattedMessage id="error_api_management_before_publish" />
      </Alert>
    );
  }
  // The route started the list's first page with the screen's query (src/router/routes.tsx).
  const listRef = useLoaderData({ strict: false })?.functionsRef ?? null;
  // The Logs screen links here with ?logs= a function's id (its activities name it so) or key.
  const search: { logs?: string } = useSearch({ strict: false });
  return <FunctionsPanel apiId={api.id} queryRef={listRef} openLogs={search.logs} />;
}
