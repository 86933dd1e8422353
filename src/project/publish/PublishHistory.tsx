import { graphql, usePaginationFragment } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { PublishHistory_api$key } from "../../__generated__/PublishHistory_api.graphql";
import { PublishRunsTable } from "./PublishRunsTable";
// The shared table look (.data-table) lives with the workspace screens; the overview may be the first screen to need it.
import "../../org/org.css";

const PAGE = 5;

/**
 * Spec §2 'Publishing history with republish': the project's publish runs, newest first, each
 * with a Republish link to its version for members who may publish.
 */
export function PublishHistory(props: { api: PublishHistory_api$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment PublishHistory_api on Api
      @refetchable(queryName: "PublishHistoryPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 5 }, cursor: { type: "String" }) {
        id
        viewerCanPublish
        publishRuns(first: $count, after: $cursor) @connection(key: "PublishHistory_publishRuns") {
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
  const runs = data.publishRuns.edges.map((edge) => edge.node);
  if (runs.length === 0) return null;
  return (
    <section className="publish-history" aria-labelledby="publish-history-title" data-testid="publish-history">
      <h2 id="publish-history-title">
        <FormattedMessage id="publish.history.title" />
      </h2>
      <PublishRunsTable
        apiId={data.id}
        runs={runs}
        canPublish={data.viewerCanPublish}
        testIds={{ row: "publish-run", republish: "republish" }}
        timeStyle="short"
        more={{ hasNext, loading: isLoadingNext, loadNext: () => loadNext(PAGE) }}
      />
    </section>
  );
}
