import { useId, useState } from "react";
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { graphql } from "react-relay/hooks";
import type { ReplayPanelMutation, ReplayPanelMutation$data } from "../../__generated__/ReplayPanelMutation.graphql";
import { ErrorMessage } from "../../common/ErrorMessage";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { base64Of } from "./UploadFunctionDialog";

type Replayed = ReplayPanelMutation$data["replayCloudFunction"][number];

/** What an invocation answered, as shown side by side: its result, or its status and error. */
function Answer(props: { status: string; output: string | null | undefined; error: string | null | undefined; testId: string }) {
  const intl = useIntl();
  return (
    <div data-testid={props.testId}>
      <span className={props.status === "ok" ? "function-log-ok" : "function-log-failed"}>
        {intl.formatMessage({ id: `functions.logs.status.${props.status}`, defaultMessage: props.status })}
      </span>
      {props.output != null && <pre>{props.output}</pre>}
      {props.error && <p className="function-log-error">{props.error}</p>}
    </div>
  );
}

/**
 * Replay (beyond the spec): a draft of this function, chosen here and never uploaded, runs
 * against the trigger invocations kept for it; each shows what the live version answered then
 * beside what the draft answers, and the draft's CPU and memory against the limits.
 */
export function ReplayPanel(props: { functionKey: string }) {
  const fileId = useId();
  const [draft, setDraft] = useState<File | null>(null);
  const [results, setResults] = useState<readonly Replayed[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [replay, replaying] = useMutate<ReplayPanelMutation>(graphql`
    mutation ReplayPanelMutation($input: ReplayCloudFunctionInput!) {
      replayCloudFunction(input: $input) {
        id
        recordedAt
        trigger
        source
        liveStatus
        liveOutput
        liveError
        draftStatus
        draftOutput
        draftError
        cpuMs
        memoryBytes
        cpuLimitMs
        memoryLimitBytes
        changed
      }
    }
  `);
  const run = async () => {
    if (!draft) return;
    setError(null);
    try {
      const answer = await replay({ input: { key: props.functionKey, body: await base64Of(draft) } });
      setResults(answer.replayCloudFunction);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section className="function-replay" aria-labelledby={`${fileId}-title`} data-testid="function-replay">
      <h3 id={`${fileId}-title`}>
        <FormattedMessage id="functions.replay.title" />
      </h3>
      <p className="field-hint">
        <FormattedMessage id="functions.replay.hint" />
      </p>
      <div className="function-replay-form">
        <label htmlFor={fileId}>
          <FormattedMessage id="functions.replay.draft" />
        </label>
        <input id={fileId} type="file" accept=".js,.mjs,.cjs" onChange={(event) => setDraft(event.target.files?.[0] ?? null)} data-testid="function-replay-file" />
        <Button onClick={run} disabled={!draft} busy={replaying} data-testid="function-replay-submit">
          <FormattedMessage id="functions.replay.run" />
        </Button>
      </div>
      {error != null && (
        <Alert variant="danger" testId="function-replay-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {results && results.length === 0 && (
        <p className="files-empty" data-testid="function-replay-empty">
          <FormattedMessage id="functions.replay.none" />
        </p>
      )}
      {results && results.length > 0 && (
        <div className="function-logs-scroll">
          <table className="files-table" data-testid="function-replay-table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="functions.logs.column.time" /></th>
                <th scope="col"><FormattedMessage id="functions.logs.column.source" /></th>
                <th scope="col"><FormattedMessage id="functions.replay.live" /></th>
                <th scope="col"><FormattedMessage id="functions.replay.draftColumn" /></th>
                <th scope="col"><FormattedMessage id="functions.replay.usage" /></th>
              </tr>
            </thead>
            <tbody>
              {results.map((result) => (
                <tr key={result.id} data-testid="function-replay-row" data-changed={result.changed}>
                  <td>
                    <FormattedDate value={result.recordedAt} dateStyle="medium" timeStyle="medium" />
                  </td>
                  <td>
                    {result.trigger} ({result.source})
                    <br />
                    <strong data-testid="function-replay-changed">
                      <FormattedMessage id={result.changed ? "functions.replay.changed" : "functions.replay.same"} />
                    </strong>
                  </td>
                  <td>
                    <Answer status={result.liveStatus} output={result.liveOutput} error={result.liveError} testId="function-replay-live" />
                  </td>
                  <td>
                    <Answer status={result.draftStatus} output={result.draftOutput} error={result.draftError} testId="function-replay-draft" />
                  </td>
                  <td data-testid="function-replay-usage">
                    <FormattedMessage id="functions.replay.cpu" values={{ ms: result.cpuMs, limit: result.cpuLimitMs }} />
                    <br />
                    <FormattedMessage
                      id="functions.replay.memory"
                      values={{ kb: <FormattedNumber value={result.memoryBytes / 1024} maximumFractionDigits={0} />, limit: <FormattedNumber value={result.memoryLimitBytes / 1024 / 1024} maximumFractionDigits={0} /> }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
