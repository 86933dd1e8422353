import { graphql, usePaginationFragment } from "react-relay";
import { Link } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage } from "react-intl";
import type { PublishHistory_api$key } from "../../__generated__/PublishHistory_api.graphql";
import { Button } from "../../ui/Button";
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
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="publish.history.version" />
            </th>
            <th scope="col">
              <FormattedMessage id="publish.history.date" />
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
            <tr key={run.id} data-testid={`publish-run-${run.schemaVersion}`}>
              <td>{run.schemaVersion}</td>
              <td>
                <FormattedDate value={run.createdAt} dateStyle="medium" timeStyle="short" />
              </td>
              <td>
                <FormattedMessage id={`publish.history.status.${run.status}`} />
              </td>
              {data.viewerCanPublish && (
                <td>
                  <Link
                    to="/api/$apiId/republish/$versionId"
                    params={{ apiId: data.id, versionId: String(run.schemaVersion) }}
                    className="btn btn-link"
                    data-testid={`republish-${run.schemaVersion}`}
                  >
                    <FormattedMessage id="publish.history.republish" />
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {hasNext && (
        <Button busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
          <FormattedMessage id="publish.history.more" />
        </Button>
      )}
    </section>
  );
}
