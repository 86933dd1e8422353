import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { closeSessionExpired, EXPIRY_COUNTDOWN_SECONDS } from "../session/expiry";
import { refreshAccessToken } from "../session/tokens";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { useSignOut } from "./useSignOut";

/**
 * The session-expired warning (spec §4): a countdown, then automatic sign-out unless the user
 * continues. The root layout renders it only while the expiry flag is set.
 */
export default function SessionExpiredDialog() {
  const titleId = useId();
  const signOut = useSignOut();
  const [seconds, setSeconds] = useState(EXPIRY_COUNTDOWN_SECONDS);
  const [busy, setBusy] = useState(false);
  // Counting against a deadline keeps the countdown honest when a background tab throttles timers.
  const deadline = useRef(Date.now() + EXPIRY_COUNTDOWN_SECONDS * 1000);
  const ending = useRef(false);

  const end = () => {
    if (ending.current) return;
    ending.current = true;
    void signOut();
  };

  useEffect(() => {
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(timer);
        end();
      }
    }, 1000);
    return () => clearInterval(timer);
    // Runs once: the deadline is fixed when the dialog opens.
  }, []);

  const onContinue = async () => {
    setBusy(true);
    const token = await refreshAccessToken();
    if (token) closeSessionExpired();
    else end();
  };

  return (
    <Dialog open onClose={() => void onContinue()} labelledBy={titleId} testId="session-expired-dialog">
      <h2 id={titleId}>
        <FormattedMessage id="auth.sessionExpired.title" />
      </h2>
      <p data-testid="session-expired-countdown">
        <FormattedMessage id="auth.sessionExpired.text" values={{ seconds }} />
      </p>
      <div className="dialog-actions">
        <Button onClick={end} disabled={busy} data-testid="session-expired-sign-out">
          <FormattedMessage id="auth.sessionExpired.signOut" />
        </Button>
        <Button variant="primary" busy={busy} onClick={() => void onContinue()} data-testid="session-expired-continue">
          <FormattedMessage id="auth.sessionExpired.continue" />
        </Button>
      </div>
    </Dialog>
  );
}
