import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { ApiKeysPanelQuery } from "../../../__generated__/ApiKeysPanelQuery.graphql";
import type { ApiKeysPanelDefaultKeyQuery } from "../../../__generated__/ApiKeysPanelDefaultKeyQuery.graphql";
import { ProjectEndpointPanel } from "../../ProjectEndpointPanel";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { ApiKeyTable, API_KEY_COLUMNS } from "./ApiKeyTable";
import { ApiKeyRow } from "./ApiKeyRow";
import { ExpiryWarnings } from "./ExpiryWarnings";

/**
 * One page of keys, newest first. A project holds at most LIMITS apiKeysPerProject unexpired keys
 * (50 by default) but keeps its expired ones, so the list pages: "Show older keys" adds the next
 * page below. The route loads the first page with these variables.
 */
export const API_KEYS_PAGE = 50;
export const apiKeysVariables = { limit: API_KEYS_PAGE };

export const apiKeysPanelQuery = graphql`
  query ApiKeysPanelQuery($limit: Int!, $nextToken: String) {
    listApiKey(limit: $limit, nextToken: $nextToken) {
      items {
        id
        expires
        ...ApiKeyRow_apiKey
      }
      nextToken
    }
  }
`;

const defaultKeyQuery = graphql`
  query ApiKeysPanelDefaultKeyQuery($id: ID!) {
    getApiKey(id: $id) {
      id
      ...ApiKeyRow_apiKey
    }
  }
`;

interface PageProps {
  defaultKeyId: string | null;
  canDelete: boolean;
  onChanged(): void;
  /** Changes after every change to the keys, so the older pages are asked again too. */
  version: number;
  /** How many older pages the user opened: kept here, as a change reloads the first page and remounts the rest. */
  olderPages: number;
  showOlder(pages: number): void;
}

/**
 * The project's keys from its own endpoint: the default key (made on the first publish) on its
 * own, the custom keys in a table that opens and closes.
 */
export function ApiKeysPanel(props: { apiId: string; queryRef: PreloadedQuery<ApiKeysPanelQuery> | null; defaultKeyId: string | null; canDelete: boolean }) {
  const [open, setOpen] = useState(true);
  const [version, setVersion] = useState(0);
  const [olderPages, showOlder] = useState(0);
  return (
    <ProjectEndpointPanel<ApiKeysPanelQuery> apiId={props.apiId} queryRef={props.queryRef} query={apiKeysPanelQuery} errorTestId="api-keys-load-error">
      {(data, reload) => {
        const onChanged = () => {
          setVersion((was) => was + 1);
          reload();
        };
        // A key deleted here leaves the store before the list is asked again.
        const items = data.listApiKey.items.filter((item) => item != null);
        const defaultKey = items.filter((item) => item.id === props.defaultKeyId);
        const custom = items.filter((item) => item.id !== props.defaultKeyId);
        const { nextToken } = data.listApiKey;
        const pageProps = { defaultKeyId: props.defaultKeyId, canDelete: props.canDelete, onChanged, version, olderPages, showOlder };
        return (
          <>
            <ExpiryWarnings keys={items} />
            <h3>
              <FormattedMessage id="project.settings.keys.default" />
            </h3>
            {defaultKey.length > 0 ? (
              <ApiKeyTable keys={defaultKey} canDelete={false} canCreate={false} onChanged={onChanged} testId="default-key" />
            ) : props.defaultKeyId && nextToken ? (
              // The default key is the project's first: with many keys it is on a later page.
              <Suspense fallback={<Spinner />}>
                <DefaultKeyById id={props.defaultKeyId} onChanged={onChanged} version={version} />
              </Suspense>
            ) : (
              <NoDefaultKey />
            )}
            <h3>
              <Button variant="link" aria-expanded={open} aria-controls="custom-keys" onClick={() => setOpen((was) => !was)} data-testid="custom-keys-toggle">
                <FormattedMessage id="project.settings.keys.custom" values={{ count: nextToken ? `${custom.length}+` : custom.length }} />
              </Button>
            </h3>
            <div id="custom-keys" hidden={!open}>
              <ApiKeyTable keys={custom} canDelete={props.canDelete} canCreate onChanged={onChanged} testId="custom-keys">
                {nextToken && <MoreKeys token={nextToken} page={1} {...pageProps} />}
              </ApiKeyTable>
            </div>
          </>
        );
      }}
    </ProjectEndpointPanel>
  );
}

function NoDefaultKey() {
  return (
    <p className="field-hint" data-testid="default-key-none">
      <FormattedMessage id="project.settings.keys.noDefault" />
    </p>
  );
}

function DefaultKeyById(props: { id: string; onChanged(): void; version: number }) {
  const data = useLazyLoadQuery<ApiKeysPanelDefaultKeyQuery>(defaultKeyQuery, { id: props.id }, { fetchKey: props.version, fetchPolicy: "store-and-network" });
  if (!data.getApiKey) return <NoDefaultKey />;
  return <ApiKeyTable keys={[data.getApiKey]} canDelete={false} canCreate={false} onChanged={props.onChanged} testId="default-key" />;
}

/** "Show older keys" under the table, and once pressed the next page's rows (and its own button). */
function MoreKeys(props: PageProps & { token: string; page: number }) {
  if (props.olderPages >= props.page) {
    return (
      <Suspense
        fallback={
          <tbody>
            <tr>
              <td colSpan={API_KEY_COLUMNS.length}>
                <Spinner />
              </td>
            </tr>
          </tbody>
        }
      >
        <OlderKeys {...props} />
      </Suspense>
    );
  }
  return (
    <tbody>
      <tr>
        <td colSpan={API_KEY_COLUMNS.length}>
          <Button variant="link" onClick={() => props.showOlder(props.page)} data-testid="more-keys">
            <FormattedMessage id="project.settings.keys.more" />
          </Button>
        </td>
      </tr>
    </tbody>
  );
}

function OlderKeys(props: PageProps & { token: string; page: number }) {
  const data = useLazyLoadQuery<ApiKeysPanelQuery>(apiKeysPanelQuery, { limit: API_KEYS_PAGE, nextToken: props.token }, { fetchKey: props.version, fetchPolicy: "store-and-network" });
  const items = data.listApiKey.items.filter((item) => item != null && item.id !== props.defaultKeyId);
  return (
    <>
      <tbody>
        {items.map((key) => (
          <ApiKeyRow key={key.id} apiKey={key} canDelete={props.canDelete} onChanged={props.onChanged} />
        ))}
      </tbody>
      {data.listApiKey.nextToken && <MoreKeys {...props} token={data.listApiKey.nextToken} page={props.page + 1} />}
    </>
  );
}
