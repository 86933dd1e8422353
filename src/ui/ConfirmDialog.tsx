import { useId, type ReactNode } from "react";
import { Dialog } from "./Dialog";
import { Button } from "./Button";
import { FormattedMessage } from "react-intl";

/** Asks before something that cannot be undone; Cancel and Escape do nothing. */
export function ConfirmDialog(props: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onCancel} labelledBy={titleId} testId={props.testId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      <div className="dialog-actions">
        <Button onClick={props.onCancel} autoFocus>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button variant="danger" onClick={props.onConfirm} data-testid="confirm">
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
