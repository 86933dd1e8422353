import { useEffect, useMemo, useState } from "react";
import { graphql, requestSubscription, useLazyLoadQuery, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { ActivitiesPanelQuery, ActivityFilterInput } from "../__generated__/ActivitiesPanelQuery.graphql";
import type { ActivitiesPanel_api$key } from "../__generated__/ActivitiesPanel_api.graphql";
import type { ActivitiesPanelSubscription } from "../__generated__/ActivitiesPanelSubscription.graphql";
import type { ActivityEventName } from "../router/searchParams";
import { Button } from "../ui/Button";
import { Alert } from "../ui/Alert";
import { SelectField } from "../ui/SelectField";
import { TextField } from "../ui/TextField";
import { ErrorMessage } from "../common/ErrorMessage";
import { downloadCsv } from "../data/csv/csvApi";
import { revertChange } from "./revertChange";

const PAGE = 50;
/** How long a burst of notices may go quiet before the list reloads. */
const REFETCH_SETTLE_MS = 250;
/** The built-in table of cloud functions: its activities link to the function's logs. */
const FUNCTION_TABLE = "CloudFunction";
const EVENTS: ActivityEventName[] = ["INSERT", "MODIFY", "REMOVE"];

const activitiesRecorded = graphql`
  subscription ActivitiesPanelSubscription($apiId: ID!) {
    onProjectActivity(apiId: $apiId) {
      apiId
    }
  }
`;

interface LogsFilter {
  table?: string;
  event?: ActivityEventName;
  since?: string;
  until?: string;
}

/** A date-time input's local time as the instant the server compares with. */
const instant = (local: string | undefined) => (local ? new Date(local).toISOString() : null);

const filterInput = (filter: LogsFilter): ActivityFilterInput => ({
  recordType: filter.table || null,
  eventName: filter.event ?? null,
  since: instant(filter.since),
  until: instant(filter.until),
});

/** The tables a project's activities name: its model's, and the built-in file and function tables. */
function tableNames(schema: string): string[] {
  try {
    const parsed = JSON.parse(schema) as { objectTypes?: { name?: unknown }[] };
    const names = (parsed.objectTypes ?? []).map((type) => type.name).filter((name): name is string => typeof name === "string");
    return [...names, "FileDocument", "CloudFunction"];
  } catch {
    return ["FileDocument", "CloudFunction"];
  }
}

/**
 * The Logs screen's activities (spec §2, §9): date, activity, table and entry (a link to the
 * record), 50 a page, newest first, within the plan's window; filtered by table, event and time
 * with the filter in the URL; exported as CSV; a MODIFY shows what it changed and, for members
 * who may edit data, can be reverted. New activities reload the first page as they are recorded.
 */
export function ActivitiesPanel(props: { apiId: string; schema: string; canRevert: boolean }) {
  const search = useSearch({ strict: false }) as LogsFilter;
  const filter: LogsFilter = { table: search.table, event: search.event, since: search.since, until: search.until };
  const variables = { apiId: props.apiId, filter: filterInput(filter) };
  const data = useLazyLoadQuery<ActivitiesPanelQuery>(
    graphql`
      query ActivitiesPanelQuery($apiId: ID!, $filter: ActivityFilterInput) {
        api(id: $apiId) {
          ...ActivitiesPanel_api @arguments(filter: $filter)
        }
      }
    `,
    variables,
    { fetchPolicy: "store-and-network" },
  );
  return (
    <>
      <ActivitiesFilter apiId={props.apiId} schema={props.schema} filter={filter} />
      {data.api && <ActivitiesList api={data.api} apiId={props.apiId} canRevert={props.canRevert} filter={variables.filter} />}
    </>
  );
}

function ActivitiesFilter(props: { apiId: string; schema: string; filter: LogsFilter }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const tables = useMemo(() => tableNames(props.schema), [props.schema]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<LogsFilter>) =>
    void navigate({ to: ".", search: (old: Record<string, unknown>) => Object.fromEntries(Object.entries({ ...old, ...change }).filter(([, value]) => value !== "" && value !== undefined)), replace: true });
  const exportCsv = async () => {
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams();
      if (props.filter.table) query.set("table", props.filter.table);
      if (props.filter.event) query.set("event", props.filter.event);
      if (props.filter.since) query.set("since", instant(props.filter.since)!);
      if (props.filter.until) query.set("until", instant(props.filter.until)!);
      await downloadCsv(`/p/${encodeURIComponent(props.apiId)}/activities.csv?${query}`, "activities.csv");
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="logs-filter" data-testid="logs-filter">
      <SelectField
        label={intl.formatMessage({ id: "logs.filter.table" })}
        value={props.filter.table ?? ""}
        onChange={(table) => set({ table })}
        options={[{ value: "", label: intl.formatMessage({ id: "logs.filter.all" }) }, ...tables.map((name) => ({ value: name, label: name }))]}
        data-testid="logs-filter-table"
      />
      <SelectField
        label={intl.formatMessage({ id: "logs.filter.event" })}
        value={props.filter.event ?? ""}
        onChange={(event) => set({ event: (event || undefined) as ActivityEventName | undefined })}
        options={[{ value: "", label: intl.formatMessage({ id: "logs.filter.all" }) }, ...EVENTS.map((event) => ({ value: event, label: event }))]}
        data-testid="logs-filter-event"
      />
      <TextField type="datetime-local" label={intl.formatMessage({ id: "logs.filter.since" })} value={props.filter.since ?? ""} onChange={(since) => set({ since })} data-testid="logs-filter-since" />
      <TextField type="datetime-local" label={intl.formatMessage({ id: "logs.filter.until" })} value={props.filter.until ?? ""} onChange={(until) => set({ until })} data-testid="logs-filter-until" />
      <Button onClick={() => void exportCsv()} busy={busy} data-testid="logs-export">
        <FormattedMessage id="logs.export" />
      </Button>
      {error != null && (
        <Alert variant="danger" testId="logs-export-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
    </div>
  );
}

function ActivitiesList(props: { api: ActivitiesPanel_api$key; apiId: string; canRevert: boolean; filter: ActivityFilterInput }) {
  const environment = useRelayEnvironment();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment ActivitiesPanel_api on Api
      @refetchable(queryName: "ActivitiesPanelPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }, filter: { type: "ActivityFilterInput" }) {
        activities(first: $count, after: $cursor, filter: $filter) @connection(key: "ActivitiesPanel_activities", filters: ["filter"]) {
          edges {
            node {
              id
              createdAt
              eventName
              recordType
              recordId
              changes {
                field
                before
                after
                tooLarge
              }
            }
          }
        }
      }
    `,
    props.api,
  );
  const { apiId } = props;
  const filterKey = JSON.stringify(props.filter);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = requestSubscription<ActivitiesPanelSubscription>(environment, {
      subscription: activitiesRecorded,
      variables: { apiId },
      // A batch of writes arrives as a burst of notices: one reload after the burst.
      onNext: () => {
        clearTimeout(timer);
        timer = setTimeout(() => refetch({ filter: JSON.parse(filterKey) }, { fetchPolicy: "network-only" }), REFETCH_SETTLE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      subscription.dispose();
    };
  }, [apiId, environment, refetch, filterKey]);

  const activities = data.activities.edges.map((edge) => edge.node);
  if (activities.length === 0) {
    return (
      <p className="logs-empty" data-testid="activities-empty">
        <FormattedMessage id="logs.activities.empty" />
      </p>
    );
  }
  return (
    <div className="logs-table-scroll">
      <table className="data-table" data-testid="activities">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="logs.date" />
            </th>
            <th scope="col">
              <FormattedMessage id="logs.activity" />
            </th>
            <th scope="col">
              <FormattedMessage id="logs.table" />
            </th>
            <th scope="col">
              <FormattedMessage id="logs.entry" />
            </th>
            <th scope="col">
              <FormattedMessage id="logs.changes" />
            </th>
          </tr>
        </thead>
        <tbody>
          {activities.map((activity) => (
            <tr key={activity.id} data-testid="activity-row" data-event={activity.eventName}>
              <td>
                <FormattedDate value={activity.createdAt} dateStyle="medium" timeStyle="medium" />
              </td>
              <td>{activity.eventName}</td>
              <td>{activity.recordType}</td>
              <td>
                {activity.recordType === FUNCTION_TABLE ? (
                  <Link to="/api/$apiId/cloud-functions" params={{ apiId }} search={{ logs: activity.recordId }} className="logs-entry-link" data-testid="activity-function-logs">
                    <FormattedMessage id="logs.functionLogs" />
                  </Link>
                ) : (
                <Link
                  to="/api/$apiId/data"
                  params={{ apiId }}
                  hash={activity.recordType}
                  search={{ record: [{ table: activity.recordType, id: activity.recordId }] }}
                  className="logs-entry-link"
                  data-testid="activity-entry"
                >
                  {activity.recordId}
                </Link>
                )}
              </td>
              <td>{activity.changes.length > 0 && <ChangeList apiId={apiId} activity={activity} canRevert={props.canRevert} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasNext && (
        <Button busy={isLoadingNext} onClick={() => loadNext(PAGE)} data-testid="activities-more">
          <FormattedMessage id="logs.more" />
        </Button>
      )}
    </div>
  );
}

interface ChangedActivity {
  recordType: string;
  recordId: string;
  changes: readonly { field: string; before: string | null | undefined; after: string | null | undefined; tooLarge: boolean }[];
}

/** A MODIFY's fields before → after, and 'Revert this change' for members who may edit data. */
function ChangeList(props: { apiId: string; activity: ChangedActivity; canRevert: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const { activity } = props;
  const revertable = activity.changes.some((change) => !change.tooLarge);
  const revert = async () => {
    setBusy(true);
    setError(null);
    try {
      await revertChange(props.apiId, activity.recordType, activity.recordId, activity.changes.map((change) => ({ field: change.field, before: change.before ?? null, tooLarge: change.tooLarge })));
      setDone(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="logs-changes">
      <dl data-testid="activity-changes">
        {activity.changes.map((change) => (
          <div key={change.field} className="logs-change">
            <dt>{change.field}</dt>
            <dd>
              {change.tooLarge ? (
                <FormattedMessage id="logs.change.tooLarge" />
              ) : (
                <>
                  <del>{change.before}</del> → <ins>{change.after}</ins>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {props.canRevert && revertable && (
        <Button onClick={() => void revert()} busy={busy} disabled={done} data-testid="activity-revert">
          <FormattedMessage id={done ? "logs.change.reverted" : "logs.change.revert"} />
        </Button>
      )}
      {error != null && (
        <Alert variant="danger" testId="activity-revert-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
    </div>
  );
}
