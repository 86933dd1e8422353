import { useMemo, useState } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { MembersTable_query$key } from "../../__generated__/MembersTable_query.graphql";
import { MemberRow } from "./MemberRow";
import { RemoveMembersDialog } from "./RemoveMembersDialog";
import { useDeleteRoleMutation } from "./useDeleteRoleMutation";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { Pagination } from "../../ui/Pagination";
import { errorText } from "../../common/ErrorMessage";

/** Rows per page of the members table (spec §9); the server sends one page at a time. */
export const MEMBERS_PAGE_SIZE = 10;

/**
 * The workspace's members with the server's count and pages loaded as they are opened. With manage-users it adds the
 * selection and edit columns, Invite and Remove; removing sends one deleteRole per selected
 * row, in parallel, and reports each refusal.
 */
export function MembersTable(props: { query: MembersTable_query$key; orgId: string; manage: boolean }) {
  const intl = useIntl();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment MembersTable_query on Query
      @refetchable(queryName: "MembersTablePaginationQuery")
      # first: one page of MEMBERS_PAGE_SIZE rows.
      @argumentDefinitions(orgId: { type: "ID!" }, first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
        org(id: $orgId) {
          memberCount
        }
        rolesByOrg(orgId: $orgId, first: $first, after: $after) @connection(key: "MembersTable_rolesByOrg", filters: ["orgId"]) {
          edges {
            node {
              id
              userEmail
              viewerCanRemove
              ...MemberRow_role
            }
          }
        }
      }
    `,
    props.query,
  );
  const [removeRole, removing] = useDeleteRoleMutation(props.orgId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(1);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  const rows = data.rolesByOrg.edges;
  const total = data.org?.memberCount ?? 0;
  const pageCount = Math.max(Math.ceil(total / MEMBERS_PAGE_SIZE), 1);
  const current = Math.min(page, pageCount);
  const visible = rows.slice((current - 1) * MEMBERS_PAGE_SIZE, current * MEMBERS_PAGE_SIZE);
  // Only members the viewer may remove can be selected (the server's viewerCanRemove).
  const visibleIds = useMemo(() => visible.flatMap(({ node }) => (node.viewerCanRemove ? [node.id] : [])), [visible]);
  const allVisibleSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  const goTo = (next: number) => {
    const missing = next * MEMBERS_PAGE_SIZE - rows.length;
    if (missing > 0 && hasNext && !isLoadingNext) loadNext(missing);
    setPage(next);
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });
  const toggleVisible = (on: boolean) =>
    setSelected((before) => {
      const after = new Set(before);
      for (const id of visibleIds) {
        if (on) after.add(id);
        else after.delete(id);
      }
      return after;
    });

  const selectedEmails = rows.flatMap(({ node }) => (selected.has(node.id) ? [node.userEmail] : []));
  const removeSelected = async () => {
    setConfirming(false);
    setErrors([]);
    const ids = [...selected];
    const results = await Promise.allSettled(ids.map((id) => removeRole(id)));
    const failed = new Set(ids.filter((_, i) => results[i].status === "rejected"));
    setSelected(failed);
    const messages = results.flatMap((result) => (result.status === "rejected" ? [errorText(intl, result.reason)] : []));
    setErrors([...new Set(messages)]);
  };

  return (
    <div className="members" data-testid="members-table">
      <div className="table-toolbar">
        <span className="table-count" data-testid="members-total">
          <FormattedMessage id="org.users.total" values={{ count: total }} />
        </span>
        {props.manage && (
          <>
            <Button variant="danger" disabled={selected.size === 0} busy={removing} onClick={() => setConfirming(true)} data-testid="remove-members">
              <FormattedMessage id="org.users.remove" values={{ count: selected.size }} />
            </Button>
            <Link to="/org/$orgId/users/$action" params={{ orgId: props.orgId, action: "invite" }} className="btn btn-primary" data-testid="invite-member">
              <FormattedMessage id="org.users.invite" />
            </Link>
          </>
        )}
      </div>
      {confirming && (
        <RemoveMembersDialog emails={selectedEmails} onConfirm={() => void removeSelected()} onCancel={() => setConfirming(false)} />
      )}
      {errors.length > 0 && (
        <Alert variant="danger" testId="error-alert">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      <table className="data-table">
        <thead>
          <tr>
            {props.manage && (
              <th className="cell-select">
                <input
                  type="checkbox"
                  checked={allVisibleSelected}
                  disabled={visibleIds.length === 0}
                  onChange={(event) => toggleVisible(event.target.checked)}
                  aria-label={intl.formatMessage({ id: "org.users.selectPage" })}
                />
              </th>
            )}
            <th>
              <FormattedMessage id="org.users.column.email" />
            </th>
            <th>
              <FormattedMessage id="org.users.column.role" />
            </th>
            <th>
              <FormattedMessage id="org.users.column.lastSignIn" />
            </th>
            {props.manage && (
              <th className="cell-action">
                <span className="visually-hidden">
                  <FormattedMessage id="org.users.column.edit" />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {visible.map(({ node }) => (
            <MemberRow
              key={node.id}
              role={node}
              orgId={props.orgId}
              manage={props.manage}
              selected={selected.has(node.id)}
              onSelect={(on) => toggle(node.id, on)}
            />
          ))}
        </tbody>
      </table>
      {pageCount > 1 && <Pagination page={current} pageCount={pageCount} onPage={goTo} busy={isLoadingNext} testId="members-pagination" />}
    </div>
  );
}
