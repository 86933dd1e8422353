import { FormattedMessage } from "react-intl";

export type StepLog = { step: string; name?: string; variant: string; input?: unknown; output?: unknown; durationMs: number; error?: string; attempt?: number; retryInMs?: number };

/** Step logs as a run stores them or a dry run answers them: name, duration, error, input and output. */
export function StepLogList(props: { logs: readonly { id: string; log: StepLog }[]; testId?: string }) {
  return (
    <ol className="flow-run-logs" data-testid={props.testId ?? "flow-run-logs"}>
      {props.logs.map(({ id, log }) => (
        <li key={id} data-testid="flow-run-log">
          <strong>{log.name || log.step}</strong> · <FormattedMessage id="flows.runs.duration" values={{ ms: log.durationMs }} />
          {(log.output as { dryRun?: boolean } | undefined)?.dryRun ? (
            <>
              {" "}
              · <FormattedMessage id="flows.dryRun.wouldDo" />
            </>
          ) : null}
          {log.attempt ? (
            <>
              {" "}
              · <FormattedMessage id="flows.runs.attempt" values={{ attempt: log.attempt }} />
            </>
          ) : null}
          {log.error ? <div className="flow-run-error">{log.error}</div> : null}
          {log.retryInMs !== undefined ? (
            <div className="field-hint">
              <FormattedMessage id="flows.runs.retryIn" values={{ seconds: Math.ceil(log.retryInMs / 1000) }} />
            </div>
          ) : null}
          <details>
            <summary>
              <FormattedMessage id="flows.runs.details" />
            </summary>
            <pre>{JSON.stringify({ input: log.input, output: log.output }, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
