import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from "relay-runtime";

/** The members table's connection of one workspace (rolesByOrg with @connection). */
export const MEMBERS_CONNECTION = "MembersTable_rolesByOrg";

function membersOf(store: RecordSourceSelectorProxy, orgId: string) {
  return ConnectionHandler.getConnection(store.getRoot(), MEMBERS_CONNECTION, { orgId });
}

const hasNode = (connection: RecordProxy, id: string) =>
  (connection.getLinkedRecords("edges") ?? []).some((edge) => edge?.getLinkedRecord("node")?.getDataID() === id);

function adjustTotal(connection: RecordProxy, delta: number) {
  const total = connection.getValue("totalCount");
  if (typeof total === "number") connection.setValue(Math.max(total + delta, 0), "totalCount");
}

/**
 * Adds a member at the end of the loaded list, once: the invite's response and the
 * subscription's CREATED event may both bring it.
 */
export function addMember(store: RecordSourceSelectorProxy, orgId: string, role: RecordProxy) {
  const connection = membersOf(store, orgId);
  if (!connection || hasNode(connection, role.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, role, "RoleEdge");
  ConnectionHandler.insertEdgeAfter(connection, edge);
  adjustTotal(connection, 1);
}

/** Removes a member, once: deleteRole's response and the DELETED event may both bring it. */
export function removeMember(store: RecordSourceSelectorProxy, orgId: string, roleId: string) {
  const connection = membersOf(store, orgId);
  if (!connection || !hasNode(connection, roleId)) return;
  ConnectionHandler.deleteNode(connection, roleId);
  adjustTotal(connection, -1);
}
