import { useEffect } from "react";
import { graphql, requestSubscription, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { PublishRunsPanel_api$key } from "../__generated__/PublishRunsPanel_api.graphql";
import type { PublishRunsPanelSubscription } from "../__generated__/PublishRunsPanelSubscription.graphql";
import { PublishRunsTable } from "../project/publish/PublishRunsTable";

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
      <PublishRunsTable
        apiId={apiId}
        runs={runs}
        canPublish={data.viewerCanPublish}
        testId="publish-runs"
        testIds={{ row: "logs-run", republish: "logs-republish" }}
        timeStyle="medium"
        more={{ hasNext, loading: isLoadingNext, loadNext: () => loadNext(PAGE), testId: "publish-runs-more" }}
      />
    </div>
  );
}
