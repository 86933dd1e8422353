import { FormattedMessage } from "react-intl";
import { API_KEY_WARNING_DAYS, apiKeyExpiryWarning } from "../../../domain/apiKeys";
import { Alert } from "../../../ui/Alert";

/**
 * Above the tables: one warning per threshold the keys have reached — 14, 7 and 1 day before
 * expiry — each with its own words and weight, so a key about to stop is not lost among keys
 * that have two weeks left (each row says when).
 */
export function ExpiryWarnings(props: { keys: readonly { expires: number }[] }) {
  const now = Date.now();
  const counts = new Map<number, number>();
  for (const key of props.keys) {
    const warning = apiKeyExpiryWarning(key.expires, now);
    if (typeof warning === "number") counts.set(warning, (counts.get(warning) ?? 0) + 1);
  }
  return (
    <>
      {API_KEY_WARNING_DAYS.filter((days) => counts.has(days)).map((days) => (
        <Alert key={days} variant={days === 1 ? "danger" : "info"} testId={`keys-expiring-${days}`}>
          <FormattedMessage id={`project.settings.keys.expiringWithin${days}`} values={{ count: counts.get(days) }} />
        </Alert>
      ))}
    </>
  );
}
