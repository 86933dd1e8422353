import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { ConnectionHandler } from "relay-runtime";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProjectDangerZone_api$key } from "../../__generated__/ProjectDangerZone_api.graphql";
import type { ProjectDangerZoneDeleteMutation } from "../../__generated__/ProjectDangerZoneDeleteMutation.graphql";
import { deletionConfirmed } from "../../domain/org";
import { useMutate } from "../../relay/mutate";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { ErrorMessage } from "../../common/ErrorMessage";

const deleteMutation = graphql`
  mutation ProjectDangerZoneDeleteMutation($input: DeleteApiInput!, $connections: [ID!]!) {
    deleteApi(input: $input) {
      id @deleteEdge(connections: $connections)
    }
  }
`;

/**
 * Deleting the project (spec §5): owners only, after typing its name. The server cancels its
 * plans and removes everything of it; the user lands on the workspace's dashboard without it.
 */
export function ProjectDangerZone(props: { api: ProjectDangerZone_api$key }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const api = useFragment(
    graphql`
      fragment ProjectDangerZone_api on Api {
        id
        name
        orgId
        viewerCanDelete
      }
    `,
    props.api,
  );
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [remove, deleting] = useMutate<ProjectDangerZoneDeleteMutation>(deleteMutation);

  const close = () => {
    setOpen(false);
    setTyped("");
    setMismatch(false);
    setError(null);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!deletionConfirmed(typed, api.name)) {
      setMismatch(true);
      return;
    }
    try {
      const orgId = api.orgId;
      await remove({ input: { id: api.id, confirmName: typed }, connections: [ConnectionHandler.getConnectionID(orgId, "ProjectGrid_apis")] });
      await navigate({ to: "/org/$orgId/apis", params: { orgId } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="danger-zone settings-danger" data-testid="danger-zone" aria-labelledby="project-danger-title">
      <h2 id="project-danger-title">
        <FormattedMessage id="project.settings.danger.title" />
      </h2>
      <p>
        <FormattedMessage id="project.settings.danger.text" />
      </p>
      {!api.viewerCanDelete && (
        <p className="field-hint" data-testid="delete-requires-owner">
          <FormattedMessage id="error_api_deletion_requires_role" />
        </p>
      )}
      <Button variant="danger" disabled={!api.viewerCanDelete} onClick={() => setOpen(true)} data-testid="delete-project">
        <FormattedMessage id="project.settings.danger.delete" />
      </Button>
      <Dialog open={open} onClose={close} labelledBy="delete-project-title" testId="delete-project-dialog">
        <form onSubmit={(event) => void onConfirm(event)} noValidate>
          <h2 id="delete-project-title">
            <FormattedMessage id="project.settings.danger.confirmTitle" />
          </h2>
          <p>
            <FormattedMessage id="project.settings.danger.confirmText" values={{ name: <strong>{api.name}</strong> }} />
          </p>
          {error !== null && (
            <Alert variant="danger">
              <ErrorMessage error={error} />
            </Alert>
          )}
          <TextField
            label={intl.formatMessage({ id: "project.settings.danger.confirmLabel" })}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setMismatch(false);
            }}
            autoFocus
            autoComplete="off"
            data-testid="delete-project-name"
            error={mismatch ? intl.formatMessage({ id: "error_api_deletion_confirm" }) : undefined}
          />
          <div className="dialog-actions">
            <Button onClick={close}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" variant="danger" busy={deleting} data-testid="confirm-delete-project">
              <FormattedMessage id="project.settings.danger.confirm" />
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
