import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { ModelScreenQuery } from "../__generated__/ModelScreenQuery.graphql";
import { isImported, isPublished } from "../domain/apiState";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { ModelEditor } from "./ModelEditor";

export const modelScreenQuery = graphql`
  query ModelScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      name
      schema
      creationType
      graphqlUrl
      state
      defaultAuthMode
      viewerCanEditModel
      ...ProjectHeader_api
    }
  }
`;

/** project-types: the model editor — tables, their fields, connections and triggers, and enums. */
export default function ModelScreen(props: { queryRef: PreloadedQuery<ModelScreenQuery> }) {
  const { api } = usePreloadedQuery<ModelScreenQuery>(modelScreenQuery, props.queryRef);
  if (!api) {
    return (
      <Alert variant="danger" testId="model-not-found">
        <FormattedMessage id="model.notFound" />
      </Alert>
    );
  }
  return (
    <section className="model-screen" data-testid="model-screen">
      <ProjectHeader api={api} />
      <ModelEditor
        // A different project starts a fresh working copy.
        key={api.id}
        apiId={api.id}
        schema={api.schema}
        authMode={api.defaultAuthMode ?? null}
        imported={isImported(api)}
        canEdit={api.viewerCanEditModel}
        published={isPublished(api.state)}
        hasPublishedApi={Boolean(api.graphqlUrl)}
      />
    </section>
  );
}
