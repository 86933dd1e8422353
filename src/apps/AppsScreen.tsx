import { Suspense, useState, useTransition } from "react";
import { graphql, usePreloadedQuery, useRefetchableFragment, type PreloadedQuery } from "react-relay/hooks";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "@tanstack/react-router";
import type { AppsScreenQuery } from "../__generated__/AppsScreenQuery.graphql";
import type { AppsScreen_api$key } from "../__generated__/AppsScreen_api.graphql";
import type { AppsScreenCreateMutation } from "../__generated__/AppsScreenCreateMutation.graphql";
import type { AppsScreenDeleteMutation } from "../__generated__/AppsScreenDeleteMutation.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Pagination } from "../ui/Pagination";
import { Spinner } from "../ui/Spinner";
import { ErrorMessage } from "../common/ErrorMessage";
import { useMutate } from "../relay/mutate";
import { AddAppPopover } from "./AddAppPopover";
import { DeleteAppDialog } from "./DeleteAppDialog";
import "./apps.css";

export const appsScreenQuery = graphql`
  query AppsScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      ...ProjectHeader_api
      ...AppsScreen_api
    }
  }
`;

/** Spec §9: customer apps 10 a page, with 10 and 50 offered. */
const PAGE_SIZES = [10, 50] as const;

const createApp = graphql`
  mutation AppsScreenCreateMutation($input: CreateCustomerAppInput!) {
    createCustomerApp(input: $input) {
      customerApp {
        id
      }
    }
  }
`;

const deleteApp = graphql`
  mutation AppsScreenDeleteMutation($input: DeleteCustomerAppInput!) {
    deleteCustomerApp(input: $input) {
      deletedCustomerAppId
    }
  }
`;

/** project-apps (spec §2 'Customer apps list'): Updated At, Name, App Url; add, edit, delete; 10 a page. */
export default function AppsScreen(props: { queryRef: PreloadedQuery<AppsScreenQuery> }) {
  const { api } = usePreloadedQuery<AppsScreenQuery>(appsScreenQuery, props.queryRef);
  if (!api) {
    return (
      <Alert variant="danger" testId="apps-not-found">
        <FormattedMessage id="model.notFound" />
      </Alert>
    );
  }
  return (
    <section className="apps-screen" data-testid="apps-screen">
      <ProjectHeader api={api} />
      <Suspense fallback={<Spinner />}>
        <AppsList api={api} />
      </Suspense>
    </section>
  );
}

function AppsList(props: { api: AppsScreen_api$key }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment AppsScreen_api on Api
      @refetchable(queryName: "AppsScreenPageQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        id
        viewerCanEditCustomerApps
        viewerCanDeleteCustomerApps
        customerAppsRequireUserPool
        customerApps(first: $count, after: $cursor) {
          totalCount
          edges {
            node {
              id
              name
              appUrl
              updatedAt
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    `,
    props.api,
  );
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  // Keyset pages: the cursor each page starts after (page 1 starts at the newest).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(1);
  const [loading, startLoading] = useTransition();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [create, creating] = useMutate<AppsScreenCreateMutation>(createApp);
  const [remove, removing] = useMutate<AppsScreenDeleteMutation>(deleteApp);
  const [error, setError] = useState<unknown>(null);
  const apps = data.customerApps.edges.map((edge) => edge.node);
  const pageCount = Math.max(1, Math.ceil(data.customerApps.totalCount / pageSize));

  const load = (nextPage: number, size: number, nextCursors: (string | null)[]) =>
    startLoading(() => {
      setPage(nextPage);
      setCursors(nextCursors);
      refetch({ count: size, cursor: nextCursors[nextPage - 1] ?? null }, { fetchPolicy: "network-only" });
    });
  const goTo = (nextPage: number) => {
    const next = [...cursors];
    if (nextPage > page && next.length < nextPage) next[nextPage - 1] = data.customerApps.pageInfo.endCursor ?? null;
    load(nextPage, pageSize, next);
  };
  const openEditor = (appId: string) => void navigate({ to: "/api/$apiId/apps/$appId/editor", params: { apiId: data.id, appId } });

  const onCreate = async (name: string) => {
    const created = await create({ input: { apiId: data.id, name } });
    openEditor(created.createCustomerApp.customerApp.id);
  };
  const onDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove({ input: { id: deleting.id } });
      setDeleting(null);
      load(1, pageSize, [null]);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <>
      <div className="apps-toolbar">
        <h1>
          <FormattedMessage id="apps.title" />
        </h1>
        {data.customerAppsRequireUserPool ? null : data.viewerCanEditCustomerApps && <AddAppPopover busy={creating} onCreate={onCreate} />}
      </div>
      {data.customerAppsRequireUserPool && (
        <Alert variant="info" testId="apps-require-user-pool">
          <FormattedMessage id="error_app_requires_user_pool" />{" "}
          <Link to="/api/$apiId/settings" params={{ apiId: data.id }} data-testid="apps-settings-link">
            <FormattedMessage id="apps.openSettings" />
          </Link>
        </Alert>
      )}
      {error != null && (
        <Alert variant="danger" testId="apps-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {apps.length === 0 ? (
        <p className="apps-empty" data-testid="apps-empty">
          <FormattedMessage id="apps.empty" />
        </p>
      ) : (
        <div className="apps-table-scroll">
          <table className="apps-table" data-testid="apps-table" aria-busy={loading || undefined}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="apps.column.updatedAt" />
                </th>
                <th scope="col">
                  <FormattedMessage id="apps.column.name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="apps.column.appUrl" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="apps.column.actions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id} data-testid="apps-row">
                  <td>
                    <FormattedDate value={app.updatedAt} dateStyle="medium" timeStyle="short" />
                  </td>
                  <td>{app.name}</td>
                  <td className="apps-url">
                    <input readOnly value={app.appUrl} aria-label={intl.formatMessage({ id: "apps.appUrlOf" }, { name: app.name })} onFocus={(event) => event.target.select()} />
                    <a href={app.appUrl} target="_blank" rel="noopener noreferrer" data-testid="apps-open">
                      <FormattedMessage id="apps.open" />
                    </a>
                  </td>
                  <td className="apps-actions">
                    <Button onClick={() => openEditor(app.id)} data-testid="apps-edit" aria-label={intl.formatMessage({ id: "apps.editOf" }, { name: app.name })}>
                      <FormattedMessage id="apps.edit" />
                    </Button>
                    {data.viewerCanDeleteCustomerApps && (
                      <Button variant="danger" onClick={() => setDeleting(app)} data-testid="apps-delete" aria-label={intl.formatMessage({ id: "apps.deleteOf" }, { name: app.name })}>
                        <FormattedMessage id="apps.delete" />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onPage={goTo}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageSize={(size) => {
          setPageSize(size);
          load(1, size, [null]);
        }}
        busy={loading}
        testId="apps-pagination"
      />
      {deleting && <DeleteAppDialog name={deleting.name} busy={removing} error={error} onConfirm={onDelete} onCancel={() => (setDeleting(null), setError(null))} />}
    </>
  );
}
