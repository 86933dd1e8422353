import { Suspense, useState, useTransition } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "@tanstack/react-router";
import type { FlowsScreenQuery } from "../__generated__/FlowsScreenQuery.graphql";
import type { FlowsScreen_api$key } from "../__generated__/FlowsScreen_api.graphql";
import type { FlowsScreenDeleteMutation } from "../__generated__/FlowsScreenDeleteMutation.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Pagination } from "../ui/Pagination";
import { Spinner } from "../ui/Spinner";
import { ErrorMessage } from "../common/ErrorMessage";
import { useMutate } from "../relay/mutate";
import { AddFlowDialog } from "./AddFlowDialog";
import "../org/org.css";
import "./flows.css";

export const flowsScreenQuery = graphql`
  query FlowsScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      viewerCanEditFlows
      viewerCanDeleteFlows
      ...ProjectHeader_api
      ...FlowsScreen_api
    }
  }
`;

const deleteMutation = graphql`
  mutation FlowsScreenDeleteMutation($input: DeleteFlowInput!, $connections: [ID!]!) {
    deleteFlow(input: $input) {
      id @deleteEdge(connections: $connections)
    }
  }
`;

/** Spec §9: flows 10 per page, options 10 and 50. */
const PAGE_SIZES = [10, 50] as const;

/** project-flows (spec §2 Flows list): Updated At and Name, add, delete with confirmation, edit. */
export default function FlowsScreen(props: { queryRef: PreloadedQuery<FlowsScreenQuery> }) {
  const { api } = usePreloadedQuery<FlowsScreenQuery>(flowsScreenQuery, props.queryRef);
  const [adding, setAdding] = useState(false);
  if (!api) {
    return (
      <Alert variant="danger" testId="flows-not-found">
        <FormattedMessage id="model.notFound" />
      </Alert>
    );
  }
  return (
    <section className="flows-screen" data-testid="flows-screen">
      <ProjectHeader api={api} />
      <div className="flows-heading">
        <h1>
          <FormattedMessage id="flows.title" />
        </h1>
        {api.viewerCanEditFlows && (
          <Button variant="primary" onClick={() => setAdding(true)} data-testid="flows-add">
            <FormattedMessage id="flows.add" />
          </Button>
        )}
      </div>
      <Suspense fallback={<Spinner />}>
        <FlowList api={api} canDelete={api.viewerCanDeleteFlows} />
      </Suspense>
      {adding && <AddFlowDialog apiId={api.id} onClose={() => setAdding(false)} />}
    </section>
  );
}

/**
 * The list is the route query's fragment (one request for the screen): pages are loaded with
 * loadNext into the connection as the user goes forward, and a page is a slice of it, so going
 * back costs no request; a delete takes its edge out of the connection.
 */
function FlowList(props: { api: FlowsScreen_api$key; canDelete: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, loadNext, hasNext, refetch } = usePaginationFragment(
    graphql`
      fragment FlowsScreen_api on Api
      @refetchable(queryName: "FlowsScreenPageQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        id
        flows(first: $count, after: $cursor) @connection(key: "FlowsScreen_flows") {
          __id
          edges {
            node {
              id
              name
              updatedAt
            }
          }
        }
      }
    `,
    props.api,
  );
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [, startLoading] = useTransition();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [remove] = useMutate<FlowsScreenDeleteMutation>(deleteMutation);
  const apiId = data.id;
  const loaded = data.flows.edges.map((edge) => edge.node);
  const items = loaded.slice((page - 1) * pageSize, page * pageSize);
  const loadedPages = Math.max(1, Math.ceil(loaded.length / pageSize));
  const goTo = (next: number) => {
    if (next * pageSize > loaded.length && hasNext) loadNext(next * pageSize - loaded.length, { onComplete: (failure) => (failure ? setError(failure) : setPage(next)) });
    else setPage(next);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove({ input: { id: deleting.id }, connections: [data.flows.__id] });
      if (items.length === 1 && page > 1) setPage(page - 1);
    } catch (failure) {
      setError(failure);
    }
    setDeleting(null);
  };
  return (
    <>
      {error ? <ErrorMessage error={error} /> : null}
      {items.length === 0 ? (
        <p data-testid="flows-empty">
          <FormattedMessage id="flows.empty" />
        </p>
      ) : (
        <table className="flows-table" data-testid="flows-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="flows.column.updatedAt" />
              </th>
              <th scope="col">
                <FormattedMessage id="flows.column.name" />
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="flows.column.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((flow) => (
              <tr key={flow.id} data-testid="flow-row">
                <td>
                  <FormattedDate value={flow.updatedAt} dateStyle="medium" timeStyle="short" />
                </td>
                <td>
                  <Link to="/api/$apiId/flows/$flowId/editor" params={{ apiId, flowId: flow.id }}>
                    {flow.name}
                  </Link>
                </td>
                <td className="flows-actions">
                  <Button onClick={() => void navigate({ to: "/api/$apiId/flows/$flowId/editor", params: { apiId, flowId: flow.id } })} aria-label={intl.formatMessage({ id: "flows.edit.label" }, { name: flow.name })}>
                    <FormattedMessage id="flows.edit" />
                  </Button>
                  {props.canDelete && (
                    <Button variant="danger" onClick={() => setDeleting({ id: flow.id, name: flow.name })} aria-label={intl.formatMessage({ id: "flows.delete.label" }, { name: flow.name })} data-testid="flow-delete">
                      <FormattedMessage id="flows.delete" />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={page}
        pageCount={Math.max(page, loadedPages) + (hasNext ? 1 : 0)}
        onPage={goTo}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageSize={(size) =>
          startLoading(() => {
            setPageSize(size);
            setPage(1);
            refetch({ count: size, cursor: null }, { fetchPolicy: "network-only" });
          })
        }
        testId="flows-pagination"
      />
      {deleting && (
        <ConfirmDialog title={<FormattedMessage id="flows.delete.title" />} confirmLabel={<FormattedMessage id="flows.delete" />} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} testId="flow-delete-dialog">
          <p>
            <FormattedMessage id="flows.delete.body" values={{ name: deleting.name }} />
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
