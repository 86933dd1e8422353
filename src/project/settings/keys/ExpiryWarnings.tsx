import { FormattedMessage } from "react-intl";
import { apiKeyExpiryWarning } from "../../../domain/apiKeys";
import { Alert } from "../../../ui/Alert";

/** Above the tables: how many keys expire within 14 days (each row says when). */
export function ExpiryWarnings(props: { keys: readonly { expires: number }[] }) {
  const now = Date.now();
  const soon = props.keys.filter((key) => {
    const warning = apiKeyExpiryWarning(key.expires, now);
    return warning !== null && warning !== "expired";
  }).length;
  if (soon === 0) return null;
  return (
    <Alert variant="info" testId="keys-expiring">
      <FormattedMessage id="project.settings.keys.expiringSoon" values={{ count: soon }} />
    </Alert>
  );
}
