import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { deletionConfirmed } from "../domain/org";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { Dialog } from "./Dialog";
import { TextField } from "./TextField";

/** The texts and test ids of one danger zone: `${prefix}.title`, `.text`, `.delete`, `.confirmTitle`, `.confirmText`, `.confirmLabel`, `.confirm`. */
export interface DangerZoneTexts {
  prefix: string;
  /** Why the button is disabled for a viewer who may not delete. */
  requiresRole: string;
  /** The typed name does not match. */
  mismatch: string;
  /** `delete-${testIdOf}`, `confirm-delete-${testIdOf}`, `delete-${testIdOf}-name`. */
  testIdOf: string;
  /** The dialog's test id. */
  dialogTestId: string;
  className?: string;
}

/**
 * A danger zone: the delete button (disabled, with the reason, for a viewer who may not delete),
 * and a dialog that deletes only after the name is typed (the same rule the server checks).
 */
export function DangerZone(props: {
  name: string;
  canDelete: boolean;
  deleting: boolean;
  texts: DangerZoneTexts;
  /** Deletes with the typed name and goes on; a thrown error is shown in the dialog. */
  onDelete: (typedName: string) => Promise<void>;
}) {
  const intl = useIntl();
  const { prefix, testIdOf } = props.texts;
  const titleId = useId();
  const dialogTitleId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setOpen(false);
    setTyped("");
    setMismatch(false);
    setError(null);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!deletionConfirmed(typed, props.name)) {
      setMismatch(true);
      return;
    }
    try {
      await props.onDelete(typed);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className={["danger-zone", props.texts.className].filter(Boolean).join(" ")} data-testid="danger-zone" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id={`${prefix}.title`} />
      </h2>
      <p>
        <FormattedMessage id={`${prefix}.text`} />
      </p>
      {!props.canDelete && (
        <p className="field-hint" data-testid="delete-requires-owner">
          <FormattedMessage id={props.texts.requiresRole} />
        </p>
      )}
      <Button variant="danger" disabled={!props.canDelete} onClick={() => setOpen(true)} data-testid={`delete-${testIdOf}`}>
        <FormattedMessage id={`${prefix}.delete`} />
      </Button>
      <Dialog open={open} onClose={close} labelledBy={dialogTitleId} testId={props.texts.dialogTestId}>
        <form onSubmit={(event) => void onConfirm(event)} noValidate>
          <h2 id={dialogTitleId}>
            <FormattedMessage id={`${prefix}.confirmTitle`} />
          </h2>
          <p>
            <FormattedMessage id={`${prefix}.confirmText`} values={{ name: <strong>{props.name}</strong> }} />
          </p>
          {error !== null && (
            <Alert variant="danger">
              <ErrorMessage error={error} />
            </Alert>
          )}
          <TextField
            label={intl.formatMessage({ id: `${prefix}.confirmLabel` })}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setMismatch(false);
            }}
            autoFocus
            autoComplete="off"
            data-testid={`delete-${testIdOf}-name`}
            error={mismatch ? intl.formatMessage({ id: props.texts.mismatch }) : undefined}
          />
          <div className="dialog-actions">
            <Button onClick={close}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" variant="danger" busy={props.deleting} data-testid={`confirm-delete-${testIdOf}`}>
              <FormattedMessage id={`${prefix}.confirm`} />
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
