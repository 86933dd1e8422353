import { graphql, useFragment, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { ApiKeysArea_api$key } from "../../__generated__/ApiKeysArea_api.graphql";
import type { ApiKeysPanelQuery } from "../../__generated__/ApiKeysPanelQuery.graphql";
import { isImported } from "../../domain/apiState";
import { Alert } from "../../ui/Alert";
import { ApiKeysPanel } from "./keys/ApiKeysPanel";

/**
 * The default key and the custom keys. Keys live on the project's own endpoint, so they exist
 * once the project is published; who may see and change them is the server's `viewerCan…`.
 */
export function ApiKeysArea(props: { api: ApiKeysArea_api$key; keysRef: PreloadedQuery<ApiKeysPanelQuery> | null }) {
  const api = useFragment(
    graphql`
      fragment ApiKeysArea_api on Api {
        id
        state
        creationType
        graphqlUrl
        apiKey
        viewerCanEditApiKeys
        viewerCanDeleteApiKeys
      }
    `,
    props.api,
  );
  const note = !api.graphqlUrl
    ? "error_api_management_before_publish"
    : isImported(api)
      ? "project.settings.keys.imported"
      : !api.viewerCanEditApiKeys
        ? "error_api_management_requires_role"
        : null;
  return (
    <section className="card settings-card" aria-labelledby="api-keys-title" data-testid="api-keys">
      <h2 id="api-keys-title">
        <FormattedMessage id="project.settings.keys.title" />
      </h2>
      {note ? (
        <Alert variant="info" testId="api-keys-note">
          <FormattedMessage id={note} />
        </Alert>
      ) : (
        <ApiKeysPanel apiId={api.id} queryRef={props.keysRef} defaultKeyId={api.apiKey ?? null} canDelete={api.viewerCanDeleteApiKeys} />
      )}
    </section>
  );
}
