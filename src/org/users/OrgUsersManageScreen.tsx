import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { TextField } from "../../ui/TextField";
import { SelectField } from "../../ui/SelectField";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { NotFoundScreen } from "../../common/NotFoundScreen";
import { ApiError } from "../../relay/errors";
import { errorText } from "../../common/ErrorMessage";
import { sanitizeEmail } from "../../domain/account";
import { INVITABLE_ROLES, inviteProblems, isInvitableRole } from "../../domain/members";
import { useLocale } from "../../i18n/I18nProvider";
import type { OrgUsersManageScreenQuery } from "../../__generated__/OrgUsersManageScreenQuery.graphql";
import { useCreateRoleMutation } from "./useCreateRoleMutation";
import { useUpdateRoleMutation } from "./useUpdateRoleMutation";
import "../org.css";

export const orgUsersManageQuery = graphql`
  query OrgUsersManageScreenQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      viewerCanManageUsers
      viewerAssignableRoles
    }
  }
`;

/**
 * org-users-manage: invite (email and role) or edit (the query values email, role and roleId
 * pre-fill the form; the email is locked and only the role changes). Roles the user may not
 * give are disabled; the server refuses them anyway.
 */
export default function OrgUsersManageScreen(props: { queryRef: PreloadedQuery<OrgUsersManageScreenQuery> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const { orgId, action } = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const { org } = usePreloadedQuery<OrgUsersManageScreenQuery>(orgUsersManageQuery, props.queryRef);
  const editing = action === "edit";
  const [email, setEmail] = useState(editing ? String(search.email ?? "") : "");
  const [role, setRole] = useState(editing && isInvitableRole(search.role) ? search.role : "");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [invite, inviting] = useCreateRoleMutation();
  const [changeRole, changing] = useUpdateRoleMutation();

  if (!orgId || (action !== "invite" && action !== "edit")) return <NotFoundScreen />;
  const allowed = org?.viewerCanManageUsers ?? false;
  const problems = inviteProblems({ email, role });
  const backToList = () => navigate({ to: "/org/$orgId/users", params: { orgId } });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (!allowed || problems.email || problems.role || !isInvitableRole(role)) return;
    try {
      if (editing) await changeRole(String(search.roleId ?? ""), role);
      else await invite({ orgId, userEmail: sanitizeEmail(email), type: role, locale });
      await backToList();
    } catch (caught) {
      setError(caught);
    }
  };

  // Without a server message the form says 'An unexpected error occurred.' (spec §8).
  const errorMessage =
    error instanceof ApiError && error.messageId
      ? errorText(intl, error)
      : error !== null
        ? intl.formatMessage({ id: "error_unexpected" })
        : null;

  return (
    <section className="org-page" data-testid="org-users-manage-screen">
      <form className="card form-card" onSubmit={onSubmit} noValidate>
        <h1>
          <FormattedMessage id={editing ? "org.users.manage.editTitle" : "org.users.manage.inviteTitle"} />
        </h1>
        {!allowed && (
          <Alert variant="info">
            <FormattedMessage id="error_user_mgt_can_manage" />
          </Alert>
        )}
        {errorMessage && (
          <Alert variant="danger" testId="error-alert">
            {errorMessage}
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: "org.users.manage.email" })}
          type="email"
          name="email"
          value={email}
          onChange={(value) => setEmail(value)}
          readOnly={editing}
          disabled={!allowed}
          autoFocus={!editing}
          maxLength={254}
          error={submitted && problems.email ? intl.formatMessage({ id: problems.email }) : undefined}
        />
        <SelectField
          label={intl.formatMessage({ id: "org.users.manage.role" })}
          name="role"
          value={role}
          onChange={setRole}
          disabled={!allowed}
          placeholder={intl.formatMessage({ id: "org.users.manage.chooseRole" })}
          options={INVITABLE_ROLES.map((type) => ({
            value: type,
            label: intl.formatMessage({ id: `org.role.${type}` }),
            disabled: !org?.viewerAssignableRoles.includes(type),
          }))}
          error={submitted && problems.role ? intl.formatMessage({ id: problems.role }) : undefined}
        />
        <div className="form-actions">
          <Link to="/org/$orgId/users" params={{ orgId }} className="btn">
            <FormattedMessage id="common.cancel" />
          </Link>
          <Button type="submit" variant="primary" disabled={!allowed} busy={inviting || changing} data-testid="submit-member">
            <FormattedMessage id={editing ? "common.save" : "org.users.manage.send"} />
          </Button>
        </div>
      </form>
    </section>
  );
}
