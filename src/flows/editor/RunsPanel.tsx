import { Suspense, startTransition, useEffect, useState } from "react";
import { graphql, requestSubscription, useLazyLoadQuery, useRelayEnvironment } from "react-relay/hooks";
import type { RunsPanelSubscription } from "../../__generated__/RunsPanelSubscription.graphql";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { RunsPanelRunsQuery } from "../../__generated__/RunsPanelRunsQuery.graphql";
import type { RunsPanelLogsQuery } from "../../__generated__/RunsPanelLogsQuery.graphql";
import type { RunsPanelRunMutation } from "../../__generated__/RunsPanelRunMutation.graphql";
import type { RunsPanelResumeMutation } from "../../__generated__/RunsPanelResumeMutation.graphql";
import { StepLogList, type StepLog } from "./StepLogList";
import { DryRunForm } from "./DryRunForm";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ErrorMessage } from "../../common/ErrorMessage";
import { useMutate } from "../../relay/mutate";
import { useAnnounce } from "../../ui/LiveRegion";

const runsQuery = graphql`
  query RunsPanelRunsQuery($flowId: ID!) {
    flowRunsByFlow(flowId: $flowId, limit: 20) {
      items {
        id
        createdAt
        status
        error
      }
    }
  }
`;

const logsQuery = graphql`
  query RunsPanelLogsQuery($runId: ID!) {
    flowRunLogsByRun(flowRunId: $runId) {
      items {
        id
        content
      }
    }
  }
`;

const runMutation = graphql`
  mutation RunsPanelRunMutation($input: RunFlowInput!) {
    runFlow(input: $input) {
      id
      status
    }
  }
`;

const resumeMutation = graphql`
  mutation RunsPanelResumeMutation($runId: ID!) {
    resumeFlowRun(runId: $runId) {
      id
      status
      error
    }
  }
`;

const runChanged = graphql`
  subscription RunsPanelSubscription($flowId: ID!) {
    onFlowRun(flowId: $flowId) {
      runId
      status
    }
  }
`;

/** A run's steps arrive as a burst of notices: one refetch after the burst. */
const REFETCH_SETTLE_MS = 150;

/** The flow's runs, newest first (spec §7 network-only), each with its step logs; Run now and Refresh. */
export function RunsPanel(props: { flowId: string; canRun: boolean; dirty: boolean; tables: readonly string[] }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const [fetchKey, setFetchKey] = useState(0);
  const environment = useRelayEnvironment();
  // Live: any server's run of this flow tells the change log; the list and the open run's logs refetch.
  // In a transition, so the list on screen stays while the new one loads.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = requestSubscription<RunsPanelSubscription>(environment, {
      subscription: runChanged,
      variables: { flowId: props.flowId },
      onNext: () => {
        clearTimeout(timer);
        timer = setTimeout(() => startTransition(() => setFetchKey((k) => k + 1)), REFETCH_SETTLE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      subscription.dispose();
    };
  }, [environment, props.flowId]);
  const [error, setError] = useState<unknown>(null);
  const [run, running] = useMutate<RunsPanelRunMutation>(runMutation);
  const runNow = async () => {
    setError(null);
    try {
      await run({ input: { id: props.flowId } });
      announce(intl.formatMessage({ id: "flows.runs.started" }));
      setFetchKey((k) => k + 1);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section className="flow-runs" aria-labelledby="flow-runs-title" data-testid="flow-runs">
      <h2 id="flow-runs-title">
        <FormattedMessage id="flows.runs.title" />
      </h2>
      <div className="flow-panel-actions">
        {props.canRun && (
          <Button onClick={() => void runNow()} busy={running} disabled={props.dirty} data-testid="flow-run-now">
            <FormattedMessage id="flows.runs.runNow" />
          </Button>
        )}
        <Button onClick={() => setFetchKey((k) => k + 1)} data-testid="flow-runs-refresh">
          <FormattedMessage id="flows.runs.refresh" />
        </Button>
      </div>
      {props.dirty && props.canRun && (
        <p className="field-hint">
          <FormattedMessage id="flows.runs.saveFirst" />
        </p>
      )}
      {error ? <ErrorMessage error={error} /> : null}
      <Suspense fallback={<Spinner />}>
        <RunList flowId={props.flowId} fetchKey={fetchKey} canResume={props.canRun && !props.dirty} onResumed={() => setFetchKey((k) => k + 1)} />
      </Suspense>
      {props.canRun && <DryRunForm flowId={props.flowId} tables={props.tables} disabled={props.dirty} />}
    </section>
  );
}

function RunList(props: { flowId: string; fetchKey: number; canResume: boolean; onResumed(): void }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const data = useLazyLoadQuery<RunsPanelRunsQuery>(runsQuery, { flowId: props.flowId }, { fetchPolicy: "network-only", fetchKey: props.fetchKey });
  const [open, setOpen] = useState<string | null>(null);
  const [resume, resuming] = useMutate<RunsPanelResumeMutation>(resumeMutation);
  const [error, setError] = useState<unknown>(null);
  const resumeRun = async (runId: string) => {
    setError(null);
    try {
      await resume({ runId });
      announce(intl.formatMessage({ id: "flows.runs.resumed" }));
      props.onResumed();
    } catch (failure) {
      setError(failure);
    }
  };
  const runs = data.flowRunsByFlow.items;
  if (runs.length === 0) {
    return (
      <p data-testid="flow-runs-empty">
        <FormattedMessage id="flows.runs.empty" />
      </p>
    );
  }
  return (
    <>
    {error ? <ErrorMessage error={error} /> : null}
    <ul className="flow-run-list">
      {runs.map((run) => (
        <li key={run.id} data-testid="flow-run">
          <button type="button" className="flow-run-toggle" aria-expanded={open === run.id} onClick={() => setOpen(open === run.id ? null : run.id)}>
            <span className={`flow-run-status flow-run-${run.status.toLowerCase()}`} data-testid="flow-run-status">
              <FormattedMessage id={`flows.runs.status.${run.status}`} />
            </span>{" "}
            <FormattedDate value={run.createdAt} dateStyle="short" timeStyle="medium" />
          </button>
          {run.error && <div className="flow-run-error">{run.error}</div>}
          {run.status === "FAILED" && props.canResume && (
            <Button onClick={() => void resumeRun(run.id)} busy={resuming} data-testid="flow-run-resume">
              <FormattedMessage id="flows.runs.resume" />
            </Button>
          )}
          {open === run.id && (
            <Suspense fallback={<Spinner />}>
              <RunLogs runId={run.id} fetchKey={props.fetchKey} />
            </Suspense>
          )}
        </li>
      ))}
    </ul>
    </>
  );
}

function RunLogs(props: { runId: string; fetchKey: number }) {
  const data = useLazyLoadQuery<RunsPanelLogsQuery>(logsQuery, { runId: props.runId }, { fetchPolicy: "network-only", fetchKey: props.fetchKey });
  return <StepLogList logs={data.flowRunLogsByRun.items.map((item) => ({ id: item.id, log: JSON.parse(item.content) as StepLog }))} />;
}
