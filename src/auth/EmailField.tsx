import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { EMAIL_MAX_LENGTH, sanitizeEmail } from "../domain/account";
import { TextField } from "../ui/TextField";

/** The email input keeps only the characters an address may hold, lowercased, as typed (spec §5). */
export function EmailField(props: { value: string; onChange(value: string): void; error?: ReactNode; labelId?: string; autoComplete?: string }) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: props.labelId ?? "auth.field.email.label" })}
      type="email"
      name="email"
      autoComplete={props.autoComplete ?? "email"}
      maxLength={EMAIL_MAX_LENGTH}
      value={props.value}
      onChange={(value) => props.onChange(sanitizeEmail(value))}
      error={props.error}
    />
  );
}
