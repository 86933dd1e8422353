import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { keyMutationsRotateMutation } from "../../../__generated__/keyMutationsRotateMutation.graphql";
import { API_KEY_GRACE_DEFAULT_DAYS, API_KEY_GRACE_MAX_DAYS, apiKeyGraceProblem } from "../../../domain/apiKeys";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { TextField } from "../../../ui/TextField";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { rotateKeyMutation } from "./keyMutations";

/**
 * Rotation: a successor key now, and the old key working for a grace period of 0–30 days so
 * the apps using it can move over (0 stops it at once).
 */
export function RotateKeyDialog(props: { keyId: string; onClose(): void; onDone(): void }) {
  const intl = useIntl();
  const titleId = useId();
  const [days, setDays] = useState(String(API_KEY_GRACE_DEFAULT_DAYS));
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [rotate, rotating] = useMutate<keyMutationsRotateMutation>(rotateKeyMutation);
  const graceDays = /^\d+$/.test(days.trim()) ? Number(days) : Number.NaN;
  const problem = apiKeyGraceProblem(graceDays);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setError(null);
    if (problem) return;
    try {
      await rotate({ input: { id: props.keyId, graceDays } });
      props.onDone();
      props.onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="rotate-key-dialog">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id={titleId}>
          <FormattedMessage id="project.settings.keys.rotateTitle" />
        </h2>
        <p>
          <FormattedMessage id="project.settings.keys.rotateText" />
        </p>
        {error !== null && (
          <Alert variant="danger" testId="rotate-key-error">
            <ErrorMessage error={error} />
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: "project.settings.keys.graceDays" })}
          value={days}
          onChange={setDays}
          type="number"
          inputMode="numeric"
          min={0}
          max={API_KEY_GRACE_MAX_DAYS}
          autoFocus
          data-testid="rotate-grace-days"
          error={checked && problem ? intl.formatMessage({ id: problem }) : undefined}
        />
        <div className="dialog-actions">
          <Button onClick={props.onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={rotating} data-testid="confirm-rotate">
            <FormattedMessage id="project.settings.keys.rotate" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
