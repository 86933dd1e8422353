import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { JsonDeclarationScreenQuery } from "../__generated__/JsonDeclarationScreenQuery.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { DeclarationEditor } from "./DeclarationEditor";

export const jsonDeclarationScreenQuery = graphql`
  query JsonDeclarationScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      schema
      viewerCanEditModel
      ...ProjectHeader_api
    }
    viewer {
      featureFlags
      isSuperuser
    }
  }
`;

/** project-json-declaration: the declaration as JSON, for a feature-flagged user or a superuser (spec §2). */
export default function JsonDeclarationScreen(props: { queryRef: PreloadedQuery<JsonDeclarationScreenQuery> }) {
  const { api, viewer } = usePreloadedQuery<JsonDeclarationScreenQuery>(jsonDeclarationScreenQuery, props.queryRef);
  if (!api) {
    return (
      <Alert variant="danger" testId="declaration-not-found">
        <FormattedMessage id="model.notFound" />
      </Alert>
    );
  }
  const allowed = Boolean(viewer && (viewer.isSuperuser || viewer.featureFlags.includes("declaration")));
  return (
    <section data-testid="declaration-screen">
      <ProjectHeader api={api} />
      <h1>
        <FormattedMessage id="declaration.title" />
      </h1>
      {allowed ? (
        <DeclarationEditor key={api.id} apiId={api.id} schema={api.schema} canEdit={api.viewerCanEditModel} />
      ) : (
        <Alert variant="info" testId="declaration-not-allowed">
          <FormattedMessage id="declaration.notAllowed" />
        </Alert>
      )}
    </section>
  );
}
