import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "@tanstack/react-router";
import type { FlowsScreenQuery } from "../__generated__/FlowsScreenQuery.graphql";
import type { FlowsScreenListQuery } from "../__generated__/FlowsScreenListQuery.graphql";
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
    }
  }
`;

const listQuery = graphql`
  query FlowsScreenListQuery($apiId: ID!, $limit: Int!, $nextToken: String) {
    flowsByApi(apiId: $apiId, limit: $limit, sortDirection: DESC, nextToken: $nextToken) {
      items {
        id
        name
        updatedAt
      }
      nextToken
    }
  }
`;

const deleteMutation = graphql`
  mutation FlowsScreenDeleteMutation($input: DeleteFlowInput!) {
    deleteFlow(input: $input) {
      id @deleteRecord
    }
  }
`;

/** Spec §9: flows 10 per page, options 10 and 50. */
const PAGE_SIZES = [10, 50] as const;

/** project-flows (spec §2 Flows list): Updated At and Name, add, delete with confirmation, edit. */
export default function FlowsScreen(props: { queryRef: PreloadedQuery<FlowsScreenQuery> }) {
  const { api } = usePreloadedQuery<FlowsScreenQuery>(flowsScreenQuery, props.queryRef);
  const [adding, setAdding] = useState(false);
  const [version, setVersion] = useState(0);
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
        <FlowList apiId={api.id} canDelete={api.viewerCanDeleteFlows} version={version} onChanged={() => setVersion((v) => v + 1)} />
      </Suspense>
      {adding && <AddFlowDialog apiId={api.id} onClose={() => setAdding(false)} />}
    </section>
  );
}

function FlowList(props: { apiId: string; canDelete: boolean; version: number; onChanged(): void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  // The tokens of the pages seen so far: page N starts after tokens[N - 2].
  const [tokens, setTokens] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [remove] = useMutate<FlowsScreenDeleteMutation>(deleteMutation);
  const data = useLazyLoadQuery<FlowsScreenListQuery>(
    listQuery,
    { apiId: props.apiId, limit: pageSize, nextToken: page > 1 ? tokens[page - 2] : null },
    { fetchPolicy: "network-only", fetchKey: props.version },
  );
  const { items, nextToken } = data.flowsByApi;
  const goTo = (next: number) => {
    if (next > page && nextToken) setTokens((old) => [...old.slice(0, page - 1), nextToken]);
    setPage(next);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove({ input: { id: deleting.id } });
      props.onChanged();
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
                  <Link to="/api/$apiId/flows/$flowId/editor" params={{ apiId: props.apiId, flowId: flow.id }}>
                    {flow.name}
                  </Link>
                </td>
                <td className="flows-actions">
                  <Button onClick={() => void navigate({ to: "/api/$apiId/flows/$flowId/editor", params: { apiId: props.apiId, flowId: flow.id } })} aria-label={intl.formatMessage({ id: "flows.edit.label" }, { name: flow.name })}>
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
        pageCount={page + (nextToken ? 1 : 0)}
        onPage={goTo}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageSize={(size) => {
          setPageSize(size);
          setTokens([]);
          setPage(1);
        }}
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
