import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { errorText } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";

/**
 * "Send a new code", with a notice once the mail is on its way. `onSent` lets the form drop its
 * error about the old code, which would otherwise sit next to "We sent a new code".
 */
export function ResendCodeButton(props: { email: string; resend(): Promise<void>; onSent?: () => void }) {
  const intl = useIntl();
  const [state, setState] = useState<{ busy?: boolean; sent?: boolean; error?: string }>({});
  const onClick = async () => {
    setState({ busy: true });
    try {
      await props.resend();
      setState({ sent: true });
      props.onSent?.();
    } catch (error) {
      setState({ error: errorText(intl, error) });
    }
  };
  return (
    <>
      {state.sent && (
        <Alert variant="success" testId="code-resent">
          <FormattedMessage id="auth.resendCode.sent" values={{ email: props.email }} />
        </Alert>
      )}
      {state.error && (
        <Alert variant="danger" testId="resend-error">
          {state.error}
        </Alert>
      )}
      <Button variant="link" busy={state.busy} onClick={() => void onClick()} data-testid="resend-code">
        <FormattedMessage id="auth.resendCode.button" />
      </Button>
    </>
  );
}
