import { useId, type FormEvent, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "../../ui/Dialog";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";

/**
 * The frame of the table dialogs: title, the server's error in place, the form, Cancel and a
 * submit that stays disabled while the form shows an error (spec §5).
 */
export function ModelDialog(props: {
  titleId: string;
  titleValues?: Record<string, string>;
  onClose(): void;
  onSubmit(): void;
  submitId?: string;
  submitDisabled?: boolean;
  submitVariant?: "primary" | "danger";
  busy?: boolean;
  error?: unknown;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitDisabled && !props.busy) props.onSubmit();
  };
  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId={props.testId} className={props.wide ? "dialog-wide" : undefined}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>
          <FormattedMessage id={props.titleId} values={props.titleValues} />
        </h2>
        {props.error != null && (
          <Alert variant="danger" testId="dialog-error">
            <ErrorMessage error={props.error} />
          </Alert>
        )}
        {props.children}
        <div className="dialog-actions">
          <Button onClick={props.onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant={props.submitVariant ?? "primary"} disabled={props.submitDisabled} busy={props.busy} data-testid="dialog-submit">
            <FormattedMessage id={props.submitId ?? "common.save"} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
