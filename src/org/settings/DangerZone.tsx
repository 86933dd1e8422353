import { useState, type FormEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";
import { deletionConfirmed } from "../../domain/org";
import { establishRoles } from "../../session/actions";
import { getSession } from "../../session/sessionState";
import { homeOf } from "../../router/guards";
import { useDeleteOrgMutation } from "./useDeleteOrgMutation";

/**
 * Deleting the workspace: shown with manage-org, possible with owner rights, and only after
 * the name is typed. Afterwards the user goes to the first remaining workspace's dashboard,
 * or to workspace-setup when none is left.
 */
export function DangerZone(props: { org: { id: string; name: string; billingAccount: { id: string } | null | undefined }; canDelete: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [deleteOrg, deleting] = useDeleteOrgMutation();

  const close = () => {
    setOpen(false);
    setTyped("");
    setMismatch(false);
    setError(null);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!deletionConfirmed(typed, props.org.name)) {
      setMismatch(true);
      return;
    }
    try {
      await deleteOrg({
        id: props.org.id,
        confirmName: typed,
        billingAccountId: props.org.billingAccount?.id ?? null,
      });
      await establishRoles();
      await navigate({ to: homeOf(getSession()) });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="danger-zone" data-testid="danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">
        <FormattedMessage id="org.settings.danger.title" />
      </h2>
      <p>
        <FormattedMessage id="org.settings.danger.text" />
      </p>
      {!props.canDelete && (
        <p className="field-hint" data-testid="delete-requires-owner">
          <FormattedMessage id="error_org_deletion_requires_role" />
        </p>
      )}
      <Button variant="danger" disabled={!props.canDelete} onClick={() => setOpen(true)} data-testid="delete-workspace">
        <FormattedMessage id="org.settings.danger.delete" />
      </Button>
      <Dialog open={open} onClose={close} labelledBy="delete-org-title" testId="delete-org-dialog">
        <form onSubmit={onConfirm} noValidate>
          <h2 id="delete-org-title">
            <FormattedMessage id="org.settings.danger.confirmTitle" />
          </h2>
          <p>
            <FormattedMessage id="org.settings.danger.confirmText" values={{ name: <strong>{props.org.name}</strong> }} />
          </p>
          {error !== null && (
            <Alert variant="danger">
              <ErrorMessage error={error} />
            </Alert>
          )}
          <TextField
            label={intl.formatMessage({ id: "org.settings.danger.confirmLabel" })}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setMismatch(false);
            }}
            autoFocus
            autoComplete="off"
            error={mismatch ? intl.formatMessage({ id: "error_org_deletion_confirm" }) : undefined}
          />
          <div className="dialog-actions">
            <Button onClick={close}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" variant="danger" busy={deleting} data-testid="confirm-delete-workspace">
              <FormattedMessage id="org.settings.danger.confirm" />
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
