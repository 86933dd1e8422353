import { Suspense, useMemo, useState, useTransition } from "react";
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { graphql, useLazyLoadQuery, usePaginationFragment, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { FunctionLogsSubscription } from "../../__generated__/FunctionLogsSubscription.graphql";
import type { FunctionLogsQuery } from "../../__generated__/FunctionLogsQuery.graphql";
import type { FunctionLogs_query$key } from "../../__generated__/FunctionLogs_query.graphql";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ReplayPanel } from "./ReplayPanel";
import "./FunctionLogs.css";

/** Spec §9: logs are listed 50 a page, like activities. */
const PAGE = 50;

/**
 * One function's address and its invocations (server/functions/logs.ts), newest first, within
 * the project's retention: how each ended, how long it took, what memory it used, and what it
 * printed. A new invocation appears at the top while the list is open (onCloudFunctionLog);
 * Refresh asks the endpoint again.
 */
export function FunctionLogs(props: { functionKey: string; functionUrl: string | null; canReplay: boolean }) {
  const [fetchKey, setFetchKey] = useState(0);
  const [refreshing, startRefresh] = useTransition();
  return (
    <section className="function-logs" aria-labelledby="function-logs-title" data-testid="function-logs">
      <div className="function-logs-head">
        <h2 id="function-logs-title">
          <FormattedMessage id="functions.logs.title" values={{ name: props.functionKey }} />
        </h2>
        <Button busy={refreshing} onClick={() => startRefresh(() => setFetchKey((key) => key + 1))} data-testid="function-logs-refresh">
          <FormattedMessage id="functions.logs.refresh" />
        </Button>
      </div>
      {props.functionUrl && (
        <p className="function-url">
          <FormattedMessage id="functions.url" />{" "}
          <code data-testid="function-url">{props.functionUrl}</code>
        </p>
      )}
      <Suspense fallback={<Spinner />}>
        <LogsOf functionKey={props.functionKey} fetchKey={fetchKey} />
      </Suspense>
      {props.canReplay && <ReplayPanel functionKey={props.functionKey} />}
    </section>
  );
}

function LogsOf(props: { functionKey: string; fetchKey: number }) {
  const data = useLazyLoadQuery<FunctionLogsQuery>(
    graphql`
      query FunctionLogsQuery($key: String!, $count: Int!) {
        ...FunctionLogs_query @arguments(key: $key, count: $count)
      }
    `,
    { key: props.functionKey, count: PAGE },
    { fetchPolicy: "network-only", fetchKey: props.fetchKey },
  );
  return <LogList query={data} functionKey={props.functionKey} />;
}

const logRecorded = graphql`
  subscription FunctionLogsSubscription($key: String!, $connections: [ID!]!) {
    onCloudFunctionLog(key: $key) @prependNode(connections: $connections, edgeTypeName: "CloudFunctionLogEdge") {
      id
      source
      status
      error
      stdout
      stderr
      durationMs
      cpuMs
      memoryBytes
      createdAt
    }
  }
`;

/** Each invocation recorded while the list is open goes to its top. */
function useLiveLogs(functionKey: string, connectionId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<FunctionLogsSubscription>>(
    () => ({ subscription: logRecorded, variables: { key: functionKey, connections: [connectionId] } }),
    [functionKey, connectionId],
  );
  useSubscription(config);
}

function LogList(props: { query: FunctionLogs_query$key; functionKey: string }) {
  const intl = useIntl();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment FunctionLogs_query on Query
      @refetchable(queryName: "FunctionLogsPaginationQuery")
      @argumentDefinitions(key: { type: "String!" }, count: { type: "Int!" }, cursor: { type: "String" }) {
        listCloudFunctionLog(key: $key, first: $count, after: $cursor) @connection(key: "FunctionLogs_listCloudFunctionLog", filters: ["key"]) {
          __id
          edges {
            node {
              id
              source
              status
              error
              stdout
              stderr
              durationMs
              cpuMs
              memoryBytes
              createdAt
            }
          }
        }
      }
    `,
    props.query,
  );
  useLiveLogs(props.functionKey, data.listCloudFunctionLog.__id);
  const logs = data.listCloudFunctionLog.edges.map((edge) => edge.node);
  if (logs.length === 0) {
    return (
      <p className="files-empty" data-testid="function-logs-empty">
        <FormattedMessage id="functions.logs.empty" />
      </p>
    );
  }
  return (
    <>
      <div className="function-logs-scroll">
      <table className="files-table" data-testid="function-logs-table">
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="functions.logs.column.time" /></th>
            <th scope="col"><FormattedMessage id="functions.logs.column.source" /></th>
            <th scope="col"><FormattedMessage id="functions.logs.column.status" /></th>
            <th scope="col"><FormattedMessage id="functions.logs.column.duration" /></th>
            <th scope="col"><FormattedMessage id="functions.logs.column.memory" /></th>
            <th scope="col"><FormattedMessage id="functions.logs.column.output" /></th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => (
            <tr key={log.id} data-testid="function-log-row" data-status={log.status}>
              <td>
                <FormattedDate value={log.createdAt} dateStyle="medium" timeStyle="medium" />
              </td>
              <td>{log.source === "url" ? intl.formatMessage({ id: "functions.logs.source.url" }) : log.source.replace(/^trigger:/, "")}</td>
              <td className={log.status === "ok" ? "function-log-ok" : "function-log-failed"}>
                {intl.formatMessage({ id: `functions.logs.status.${log.status}`, defaultMessage: log.status })}
              </td>
              <td>
                <FormattedMessage id="functions.logs.ms" values={{ ms: log.durationMs, cpu: log.cpuMs }} />
              </td>
              <td>
                <FormattedNumber value={log.memoryBytes / 1024} maximumFractionDigits={0} /> KB
              </td>
              <td>
                {log.error && <p className="function-log-error">{log.error}</p>}
                {(log.stdout || log.stderr) && (
                  <details>
                    <summary>
                      <FormattedMessage id="functions.logs.output" />
                    </summary>
                    {log.stdout && <pre data-testid="function-log-stdout">{log.stdout}</pre>}
                    {log.stderr && <pre className="function-log-stderr">{log.stderr}</pre>}
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {hasNext && (
        <Button onClick={() => loadNext(PAGE)} busy={isLoadingNext} data-testid="function-logs-more">
          <FormattedMessage id="common.loadMore" />
        </Button>
      )}
    </>
  );
}
