import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { deletionConfirmed } from "../../domain/deletion";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";

export type DeleteScope = "selected" | "matching";

/**
 * Spec §2: "A delete-confirmation modal asks the user to retype the item name" — here the
 * table's name; nothing is deleted until it matches (trimmed, as for projects and workspaces).
 */
export function DeleteEntriesDialog(props: {
  scope: DeleteScope;
  tableName: string;
  /** How many selected entries go; null when all the filter matches go. */
  count: number | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const confirm = () => {
    if (!deletionConfirmed(typed, props.tableName)) return setMismatch(true);
    props.onConfirm();
  };
  return (
    <Dialog open onClose={props.onCancel} labelledBy={titleId} testId="delete-entries-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <h2 id={titleId}>
          <FormattedMessage id="data.entries.deleteTitle" />
        </h2>
        <p>
          {props.scope === "selected" ? (
            <FormattedMessage id="data.entries.deleteSelectedText" values={{ count: props.count ?? 0, name: <strong>{props.tableName}</strong> }} />
          ) : (
            <FormattedMessage id="data.entries.deleteMatchingText" values={{ name: <strong>{props.tableName}</strong> }} />
          )}
        </p>
        {props.scope !== "selected" && (
          <p className="field-hint" data-testid="delete-matching-no-triggers">
            <FormattedMessage id="data.entries.deleteMatchingNoTriggers" />
          </p>
        )}
        <TextField
          label={intl.formatMessage({ id: "data.entries.retypeName" }, { name: props.tableName })}
          value={typed}
          onChange={(value: string) => {
            setTyped(value);
            setMismatch(false);
          }}
          error={mismatch ? intl.formatMessage({ id: "data.entries.retypeMismatch" }) : undefined}
          autoFocus
          data-testid="retype-name"
        />
        <div className="dialog-actions">
          <Button type="button" onClick={props.onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="danger" busy={props.busy} data-testid="confirm">
            <FormattedMessage id="data.entries.deleteConfirm" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
