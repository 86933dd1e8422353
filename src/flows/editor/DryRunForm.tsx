import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { DryRunFormMutation, DryRunFormMutation$data } from "../../__generated__/DryRunFormMutation.graphql";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/SelectField";
import { TextField } from "../../ui/TextField";
import { ErrorMessage } from "../../common/ErrorMessage";
import { useMutate } from "../../relay/mutate";
import { StepLogList, type StepLog } from "./StepLogList";

const dryRunMutation = graphql`
  mutation DryRunFormMutation($input: DryRunFlowInput!) {
    dryRunFlow(input: $input) {
      status
      error
      logs
    }
  }
`;

/** A dry run on a real entry: each step's would-be output, nothing written, mailed or called. */
export function DryRunForm(props: { flowId: string; tables: readonly string[]; disabled: boolean }) {
  const intl = useIntl();
  const [table, setTable] = useState(props.tables[0] ?? "");
  const [entryId, setEntryId] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<DryRunFormMutation$data["dryRunFlow"] | null>(null);
  const [dryRun, running] = useMutate<DryRunFormMutation>(dryRunMutation);
  const start = async () => {
    setError(null);
    setResult(null);
    try {
      const answer = await dryRun({ input: { id: props.flowId, ...(entryId.trim() ? { table, entryId: entryId.trim() } : {}) } });
      setResult(answer.dryRunFlow);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section className="flow-dry-run" aria-labelledby="flow-dry-run-title" data-testid="flow-dry-run">
      <h3 id="flow-dry-run-title">
        <FormattedMessage id="flows.dryRun.title" />
      </h3>
      <p className="field-hint">
        <FormattedMessage id="flows.dryRun.hint" />
      </p>
      <SelectField label={intl.formatMessage({ id: "flows.dryRun.table" })} value={table} options={props.tables.map((t) => ({ value: t, label: t }))} onChange={setTable} />
      <TextField label={intl.formatMessage({ id: "flows.dryRun.entryId" })} value={entryId} onChange={setEntryId} data-testid="flow-dry-run-entry" />
      <Button onClick={() => void start()} busy={running} disabled={props.disabled} data-testid="flow-dry-run-start">
        <FormattedMessage id="flows.dryRun.start" />
      </Button>
      {error ? <ErrorMessage error={error} /> : null}
      {result && (
        <div data-testid="flow-dry-run-result" aria-live="polite">
          <span className={`flow-run-status flow-run-${result.status.toLowerCase()}`}>
            <FormattedMessage id={`flows.runs.status.${result.status}`} />
          </span>
          {result.error && <div className="flow-run-error">{result.error}</div>}
          <StepLogList logs={result.logs.map((text, index) => ({ id: String(index), log: JSON.parse(text) as StepLog }))} testId="flow-dry-run-logs" />
        </div>
      )}
    </section>
  );
}
