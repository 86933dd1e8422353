import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { MemberRow_role$key } from "../../__generated__/MemberRow_role.graphql";

/** One member: selection, email, role, last sign-in and the edit link (the last two columns only for managers). */
export function MemberRow(props: {
  role: MemberRow_role$key;
  orgId: string;
  manage: boolean;
  selected: boolean;
  onSelect(selected: boolean): void;
}) {
  const intl = useIntl();
  const role = useFragment(
    graphql`
      fragment MemberRow_role on Role {
        id
        userEmail
        type
        lastSignInAt
        viewerCanRemove
      }
    `,
    props.role,
  );
  return (
    <tr data-testid="member-row" aria-selected={props.manage ? props.selected : undefined}>
      {props.manage && (
        <td className="cell-select">
          {/* Selection is for removing: a member the server would not let the viewer remove (themselves, the last owner) has none. */}
          <input
            type="checkbox"
            disabled={!role.viewerCanRemove}
            checked={props.selected && role.viewerCanRemove}
            onChange={(event) => props.onSelect(event.target.checked)}
            aria-label={intl.formatMessage({ id: "org.users.select" }, { email: role.userEmail })}
          />
        </td>
      )}
      <td data-testid="member-email">{role.userEmail}</td>
      <td data-testid="member-role">
        <FormattedMessage id={`org.role.${role.type}`} />
      </td>
      <td>
        {role.lastSignInAt ? (
          <FormattedDate value={role.lastSignInAt} dateStyle="medium" timeStyle="short" />
        ) : (
          <FormattedMessage id="org.users.neverSignedIn" />
        )}
      </td>
      {props.manage && (
        <td className="cell-action">
          <Link
            to="/org/$orgId/users/$action"
            params={{ orgId: props.orgId, action: "edit" }}
            search={{ email: role.userEmail, role: role.type, roleId: role.id }}
            aria-label={intl.formatMessage({ id: "org.users.editMember" }, { email: role.userEmail })}
            data-testid="member-edit"
          >
            <FormattedMessage id="org.users.edit" />
          </Link>
        </td>
      )}
    </tr>
  );
}
