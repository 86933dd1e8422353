import { useState } from "react";
import { graphql, type PreloadedQuery } from "react-relay";
import { FormattedMessage } from "react-intl";
import type { ApiKeysPanelQuery } from "../../../__generated__/ApiKeysPanelQuery.graphql";
import { ProjectEndpointPanel } from "../../ProjectEndpointPanel";
import { Button } from "../../../ui/Button";
import { ApiKeyTable } from "./ApiKeyTable";
import { ExpiryWarnings } from "./ExpiryWarnings";

/** Enough for every key a project may hold (LIMITS apiKeysPerProject) and its recently expired ones. */
export const apiKeysVariables = { limit: 200 };

export const apiKeysPanelQuery = graphql`
  query ApiKeysPanelQuery($limit: Int!) {
    listApiKey(limit: $limit) {
      items {
        id
        expires
        ...ApiKeyRow_apiKey
      }
    }
  }
`;

/**
 * The project's keys from its own endpoint: the default key (made on the first publish) on its
 * own, the custom keys in a table that opens and closes.
 */
export function ApiKeysPanel(props: { apiId: string; queryRef: PreloadedQuery<ApiKeysPanelQuery> | null; defaultKeyId: string | null; canDelete: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <ProjectEndpointPanel<ApiKeysPanelQuery> apiId={props.apiId} queryRef={props.queryRef} query={apiKeysPanelQuery} errorTestId="api-keys-load-error">
      {(data, reload) => {
        // A key deleted here leaves the store before the list is asked again.
        const items = data.listApiKey.items.filter((item) => item != null);
        const defaultKey = items.filter((item) => item.id === props.defaultKeyId);
        const custom = items.filter((item) => item.id !== props.defaultKeyId);
        return (
          <>
            <ExpiryWarnings keys={items} />
            <h3>
              <FormattedMessage id="project.settings.keys.default" />
            </h3>
            {defaultKey.length > 0 ? (
              <ApiKeyTable keys={defaultKey} canDelete={false} canCreate={false} onChanged={reload} testId="default-key" />
            ) : (
              <p className="field-hint" data-testid="default-key-none">
                <FormattedMessage id="project.settings.keys.noDefault" />
              </p>
            )}
            <h3>
              <Button variant="link" aria-expanded={open} aria-controls="custom-keys" onClick={() => setOpen((was) => !was)} data-testid="custom-keys-toggle">
                <FormattedMessage id="project.settings.keys.custom" values={{ count: custom.length }} />
              </Button>
            </h3>
            <div id="custom-keys" hidden={!open}>
              <ApiKeyTable keys={custom} canDelete={props.canDelete} canCreate onChanged={reload} testId="custom-keys" />
            </div>
          </>
        );
      }}
    </ProjectEndpointPanel>
  );
}
