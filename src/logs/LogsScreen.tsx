import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import type { LogsScreenQuery } from "../__generated__/LogsScreenQuery.graphql";
import { ProjectHeader } from "../project/ProjectHeader";
import { Alert } from "../ui/Alert";
import { Spinner } from "../ui/Spinner";
import { TabPanel, Tabs } from "../ui/Tabs";
import type { LogsTab } from "../router/searchParams";
import { ActivitiesPanel } from "./ActivitiesPanel";
import { PublishRunsPanel } from "./PublishRunsPanel";
import "../org/org.css";
import "./logs.css";

export const logsScreenQuery = graphql`
  query LogsScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      schema
      viewerCanViewData
      viewerCanEditData
      ...ProjectHeader_api
      ...PublishRunsPanel_api
    }
  }
`;

/** project-logs (spec §2 Logs): two tabs, the project's activities and its publish runs, both live. */
export default function LogsScreen(props: { queryRef: PreloadedQuery<LogsScreenQuery> }) {
  const intl = useIntl();
  const { api } = usePreloadedQuery<LogsScreenQuery>(logsScreenQuery, props.queryRef);
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  if (!api) {
    return (
      <Alert variant="danger" testId="logs-not-found">
        <FormattedMessage id="model.notFound" />
      </Alert>
    );
  }
  const tab: LogsTab = search.tab ?? "activities";
  const tabs = [
    { id: "activities" as const, label: intl.formatMessage({ id: "logs.tab.activities" }) },
    { id: "runs" as const, label: intl.formatMessage({ id: "logs.tab.runs" }) },
  ];
  return (
    <section className="logs-screen" data-testid="logs-screen">
      <ProjectHeader api={api} />
      <h1>
        <FormattedMessage id="logs.title" />
      </h1>
      <p className="logs-function-link">
        <Link to="/api/$apiId/cloud-functions" params={{ apiId: api.id }} data-testid="logs-function-logs">
          <FormattedMessage id="logs.functionLogs.all" />
        </Link>
      </p>
      <Tabs idPrefix="logs" label={intl.formatMessage({ id: "logs.title" })} tabs={tabs} selected={tab} onSelect={(next) => void navigate({ to: ".", search: (old) => ({ ...old, tab: next }), replace: true })} testId="logs-tabs" />
      <TabPanel idPrefix="logs" id={tab} testId={`logs-panel-${tab}`}>
        {tab === "activities" ? (
          api.viewerCanViewData ? (
            <Suspense fallback={<Spinner />}>
              <ActivitiesPanel apiId={api.id} schema={api.schema} canRevert={api.viewerCanEditData} />
            </Suspense>
          ) : (
            <Alert variant="info" testId="logs-activities-forbidden">
              <FormattedMessage id="logs.activities.forbidden" />
            </Alert>
          )
        ) : (
          <PublishRunsPanel api={api} />
        )}
      </TabPanel>
    </section>
  );
}
