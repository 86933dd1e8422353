/** Tests sign up, invite and create workspaces far beyond a real product's limits, all from loopback. */
export const GENEROUS_LIMITS =
  "invitationsPerWorkspacePerHour=100000,pendingInvitationsPerWorkspace=100000,workspacesPerUser=100000," +
  "signUpsPerAddressPerHour=100000,signUpsPerSourcePerHour=100000,codeMailsPerAddressPerHour=100000,codeMailsPerSourcePerHour=100000";
