import { useIntl, type IntlShape } from "react-intl";
import { ApiError } from "../relay/errors";

/**
 * The text for an error: the spec's key when the server sent one and we know it, the
 * sign-in service's exception name mapped to our keys, else the server's own words.
 */
export function errorText(intl: IntlShape, error: unknown): string {
  const messages = intl.messages as Record<string, unknown>;
  if (error instanceof ApiError && error.messageId && messages[error.messageId]) {
    return intl.formatMessage({ id: error.messageId }, error.values);
  }
  const code = (error as { code?: string } | null)?.code;
  if (code && messages[`auth.error.${code}`]) return intl.formatMessage({ id: `auth.error.${code}` });
  const message = (error as { message?: string } | null)?.message;
  return message || intl.formatMessage({ id: "error_unexpected" });
}

export function ErrorMessage(props: { error: unknown }) {
  const intl = useIntl();
  return <>{errorText(intl, props.error)}</>;
}
