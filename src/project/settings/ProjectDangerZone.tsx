import { graphql, useFragment } from "react-relay/hooks";
import { ConnectionHandler } from "relay-runtime";
import { useNavigate } from "@tanstack/react-router";
import type { ProjectDangerZone_api$key } from "../../__generated__/ProjectDangerZone_api.graphql";
import type { ProjectDangerZoneDeleteMutation } from "../../__generated__/ProjectDangerZoneDeleteMutation.graphql";
import { useMutate } from "../../relay/mutate";
import { DangerZone } from "../../ui/DangerZone";

const deleteMutation = graphql`
  mutation ProjectDangerZoneDeleteMutation($input: DeleteApiInput!, $connections: [ID!]!) {
    deleteApi(input: $input) {
      id @deleteEdge(connections: $connections)
    }
  }
`;

const TEXTS = {
  prefix: "project.settings.danger",
  requiresRole: "error_api_deletion_requires_role",
  mismatch: "error_api_deletion_confirm",
  testIdOf: "project",
  dialogTestId: "delete-project-dialog",
  className: "settings-danger",
};

/**
 * Deleting the project (spec §5): owners only, after typing its name. The server cancels its
 * plans and removes everything of it; the user lands on the workspace's dashboard without it.
 */
export function ProjectDangerZone(props: { api: ProjectDangerZone_api$key }) {
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
  const [remove, deleting] = useMutate<ProjectDangerZoneDeleteMutation>(deleteMutation);
  const onDelete = async (confirmName: string) => {
    const orgId = api.orgId;
    await remove({ input: { id: api.id, confirmName }, connections: [ConnectionHandler.getConnectionID(orgId, "ProjectGrid_apis")] });
    await navigate({ to: "/org/$orgId/apis", params: { orgId } });
  };
  return <DangerZone name={api.name} canDelete={api.viewerCanDelete} deleting={deleting} texts={TEXTS} onDelete={onDelete} />;
}
