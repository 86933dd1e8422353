import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

/** Names every address that loses its access before anything is removed, so no one loses access by surprise. */
export function RemoveMembersDialog(props: { emails: readonly string[]; onConfirm(): void; onCancel(): void }) {
  return (
    <ConfirmDialog
      title={<FormattedMessage id="org.users.removeConfirm.title" values={{ count: props.emails.length }} />}
      confirmLabel={<FormattedMessage id="org.users.removeConfirm.submit" values={{ count: props.emails.length }} />}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="remove-members-dialog"
    >
      <p>
        <FormattedMessage id="org.users.removeConfirm.text" values={{ count: props.emails.length }} />
      </p>
      <ul data-testid="remove-members-emails">
        {props.emails.map((email) => (
          <li key={email}>
            <strong>{email}</strong>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
