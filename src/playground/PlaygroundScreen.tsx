import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { PlaygroundScreenQuery } from "../__generated__/PlaygroundScreenQuery.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { Playground } from "./Playground";
import { ImportedPlayground } from "./ImportedPlayground";

const playgroundScreenQuery = graphql`
  query PlaygroundScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      graphqlUrl
      creationType
      queryExplorerString
      authProviderPoolId
      authProviderClientId
      authProviderUrl
      ...ProjectHeader_api
    }
  }
`;

/** project-queries (spec §2 'GraphQL playground with docs'): GraphiQL against the project's own endpoint. */
export default function PlaygroundScreen(props: { queryRef: PreloadedQuery<PlaygroundScreenQuery> }) {
  const { api } = usePreloadedQuery<PlaygroundScreenQuery>(playgroundScreenQuery, props.queryRef);
  if (!api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  const { authProviderPoolId: poolId, authProviderClientId: clientId, authProviderUrl: url } = api;
  return (
    <section className="playground-screen" data-testid="playground-screen">
      <ProjectHeader api={api} />
      <h1>
        <FormattedMessage id="route.project-queries" />
      </h1>
      {api.creationType === "IMPORT" ? (
        <ImportedPlayground key={api.id} apiId={api.id} storedQuery={api.queryExplorerString} />
      ) : api.graphqlUrl ? (
        <Playground
          key={api.id}
          apiId={api.id}
          graphqlUrl={api.graphqlUrl}
          storedQuery={api.queryExplorerString}
          pool={poolId && clientId && url ? { poolId, clientId, url } : null}
        />
      ) : (
        <Alert variant="info" testId="publish-hint">
          <FormattedMessage id="error_api_management_before_publish" />
        </Alert>
      )}
    </section>
  );
}
