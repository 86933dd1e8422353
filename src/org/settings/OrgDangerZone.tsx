import { useNavigate } from "@tanstack/react-router";
import { DangerZone } from "../../ui/DangerZone";
import { establishRoles } from "../../session/actions";
import { getSession } from "../../session/sessionState";
import { homeOf } from "../../router/guards";
import { useDeleteOrgMutation } from "./useDeleteOrgMutation";

const TEXTS = {
  prefix: "org.settings.danger",
  requiresRole: "error_org_deletion_requires_role",
  mismatch: "error_org_deletion_confirm",
  testIdOf: "workspace",
  dialogTestId: "delete-org-dialog",
};

/**
 * Deleting the workspace: shown with manage-org, possible with owner rights, and only after
 * the name is typed. Afterwards the user goes to the first remaining workspace's dashboard,
 * or to workspace-setup when none is left.
 */
export function OrgDangerZone(props: { org: { id: string; name: string; billingAccount: { id: string } | null | undefined }; canDelete: boolean }) {
  const navigate = useNavigate();
  const [deleteOrg, deleting] = useDeleteOrgMutation();
  const onDelete = async (confirmName: string) => {
    await deleteOrg({ id: props.org.id, confirmName, billingAccountId: props.org.billingAccount?.id ?? null });
    await establishRoles();
    await navigate({ to: homeOf(getSession()) });
  };
  return <DangerZone name={props.org.name} canDelete={props.canDelete} deleting={deleting} texts={TEXTS} onDelete={onDelete} />;
}
