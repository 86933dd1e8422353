import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { deletionConfirmed } from "../domain/deletion";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { TextField } from "../ui/TextField";

/** Spec §2/§5: deleting an app asks for its name retyped; a mismatch or Cancel deletes nothing. */
export function DeleteAppDialog(props: { name: string; busy: boolean; error: unknown; onConfirm(): void; onCancel(): void }) {
  const intl = useIntl();
  const titleId = useId();
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!deletionConfirmed(typed, props.name)) return setMismatch(true);
    props.onConfirm();
  };
  return (
    <Dialog open onClose={props.onCancel} labelledBy={titleId} testId="delete-app-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>
          <FormattedMessage id="apps.deleteTitle" />
        </h2>
        <p>
          <FormattedMessage id="apps.deleteText" values={{ name: <strong>{props.name}</strong> }} />
        </p>
        {props.error != null && (
          <Alert variant="danger">
            <ErrorMessage error={props.error} />
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: "apps.deleteLabel" })}
          value={typed}
          onChange={(value) => (setTyped(value), setMismatch(false))}
          autoFocus
          autoComplete="off"
          data-testid="delete-app-name"
          error={mismatch ? intl.formatMessage({ id: "apps.deleteMismatch" }) : undefined}
        />
        <div className="dialog-actions">
          <Button onClick={props.onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="danger" busy={props.busy} data-testid="confirm-delete-app">
            <FormattedMessage id="apps.delete" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
