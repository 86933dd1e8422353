import { useEffect } from "react";
import { graphql, requestSubscription, usePaginationFragment, useRelayEnvironment } from "react-relay";
import { Link } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage } from "react-intl";
import type { PublishRunsPanel_api$key } from "../__generated__/PublishRunsPanel_api.graphql";
import type { PublishRunsPanelSubscription } from "../__generated__/PublishRunsPanelSubscription.graphql";
import { Button } from "../ui/Button";

const PAGE = 50;
/** How long a burst of notices may go quiet before the list reloads. */
const REFETCH_SETTLE_MS = 250;

const apiUpdated = graphql`
  subscription PublishRunsPanelSubscription($id: ID!) {
    onUpdateApi(id: $id) {
      id
      state
    }
  }
`;

/**
 * The Logs screen's publish runs (spec §2): date, schema version, status and, for members who
 * may publish, the republish link; 50 a page, newest first. Every state the project moves
 * through (a republish starting, succeeding or failing) reloads the first page.
 */
export function PublishRunsPanel(props: { api: PublishRunsPanel_api$key }) {
  const environment = useRelayEnvironment();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment PublishRunsPanel_api on Api
      @refetchable(queryName: "PublishRunsPanelPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        id
        viewerCanPublish
        publishRuns(first: $count, after: $cursor) @connection(key: "PublishRunsPanel_publishRuns") {
          edges {
            node {
              id
              schemaVersion
              status
              createdAt
            }
          }
        }
      }
    `,
    props.api,
  );
  const apiId = data.id;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = requestSubscription<PublishRunsPanelSubscription>(environment, {
      subscription: apiUpdated,
      variables: { id: apiId },
      // A publish moves through several states in a moment: one reload after the burst, not one per state.
      onNext: () => {
        clearTimeout(timer);
        timer = setTimeout(() => refetch({}, { fetchPolicy: "network-only" }), REFETCH_SETTLE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      subscription.dispose();
    };
  }, [apiId, environment, refetch]);

  const runs = data.publishRuns.edges.map((edge) => edge.node);
  if (runs.length === 0) {
    return (
      <p className="logs-empty" data-testid="publish-runs-empty">
        <FormattedMessage id="logs.runs.empty" />
      </p>
    );
  }
  return (
    <div className="logs-table-scroll">
      <table className="data-table" data-testid="publish-runs">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="logs.date" />
            </th>
            <th scope="col">
              <FormattedMessage id="publish.history.version" />
            </th>
            <th scope="col">
              <FormattedMessage id="publish.history.status" />
            </th>
            {data.viewerCanPublish && (
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="publish.history.actions" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-testid={`logs-run-${run.schemaVersion}`}>
              <td>
                <FormattedDate value={run.createdAt} dateStyle="medium" timeStyle="medium" />
              </td>
              <td>{run.schemaVersion}</td>
              <td data-testid="logs-run-status">
                <FormattedMessage id={`publish.history.status.${run.status}`} />
              </td>
              {data.viewerCanPublish && (
                <td>
                  <Link to="/api/$apiId/republish/$versionId" params={{ apiId, versionId: String(run.schemaVersion) }} className="btn btn-link" data-testid={`logs-republish-${run.schemaVersion}`}>
                    <FormattedMessage id="publish.history.republish" />
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {hasNext && (
        <Button busy={isLoadingNext} onClick={() => loadNext(PAGE)} data-testid="publish-runs-more">
          <FormattedMessage id="publish.history.more" />
        </Button>
      )}
    </div>
  );
}
