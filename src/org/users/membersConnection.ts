import { ConnectionHandler, ROOT_ID } from "relay-runtime";

/** The members table's connection of one workspace (rolesByOrg with @connection). */
export const MEMBERS_CONNECTION = "MembersTable_rolesByOrg";

/**
 * The store id of that connection, for the `connections` argument of @appendNode and
 * @deleteEdge: the invite form and the role subscription live outside the table.
 */
export const membersConnectionId = (orgId: string) => ConnectionHandler.getConnectionID(ROOT_ID, MEMBERS_CONNECTION, { orgId });
