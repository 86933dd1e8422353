import { useId, useState } from "react";
import { graphql } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "@tanstack/react-router";
import type { AddFlowDialogMutation } from "../__generated__/AddFlowDialogMutation.graphql";
import { flowNameLiveProblem, flowNameProblem, FLOW_NAME_MAX, FLOW_NAME_MIN } from "../domain/flows/name";
import { Dialog } from "../ui/Dialog";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";
import { ErrorMessage } from "../common/ErrorMessage";
import { useMutate } from "../relay/mutate";

const createMutation = graphql`
  mutation AddFlowDialogMutation($input: CreateFlowInput!) {
    createFlow(input: $input) {
      id
      name
    }
  }
`;

/** Adds a flow by name (spec §5: 3 to 255, the maximum checked live, the minimum on submit) and opens its editor. */
export function AddFlowDialog(props: { apiId: string; onClose(): void }) {
  const intl = useIntl();
  const titleId = useId();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [create, busy] = useMutate<AddFlowDialogMutation>(createMutation);
  const problem = submitted ? flowNameProblem(name) : flowNameLiveProblem(name);
  const submit = async () => {
    setSubmitted(true);
    if (flowNameProblem(name)) return;
    setError(null);
    try {
      const created = await create({ input: { apiId: props.apiId, name: name.trim() } });
      props.onClose();
      void navigate({ to: "/api/$apiId/flows/$flowId/editor", params: { apiId: props.apiId, flowId: created.createFlow.id } });
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="add-flow-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId}>
          <FormattedMessage id="flows.add.title" />
        </h2>
        <TextField
          label={intl.formatMessage({ id: "flows.field.name" })}
          value={name}
          onChange={setName}
          error={problem ? intl.formatMessage({ id: problem }, { min: FLOW_NAME_MIN, max: FLOW_NAME_MAX }) : undefined}
          autoFocus
          data-testid="flow-name"
        />
        {error ? <ErrorMessage error={error} /> : null}
        <div className="dialog-actions">
          <Button onClick={props.onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!!problem} data-testid="flow-create">
            <FormattedMessage id="flows.add.submit" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
