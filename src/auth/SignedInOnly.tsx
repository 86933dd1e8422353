import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { isSignedIn, useSession } from "../session/sessionState";
import { Alert } from "../ui/Alert";

/**
 * The account pages are open to all (spec §2), but changing an account needs one: signed-out
 * visitors get a hint and a way to sign in instead of the form.
 */
export function SignedInOnly(props: { children: ReactNode }) {
  const session = useSession();
  if (isSignedIn(session)) return <>{props.children}</>;
  return (
    <Alert variant="info" testId="signed-in-only">
      <FormattedMessage id="auth.signedInOnly.text" values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }} />
    </Alert>
  );
}
