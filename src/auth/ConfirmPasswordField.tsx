import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { TextField } from "../ui/TextField";

/** The repeated new password; it must match the one above (spec §5). */
export function ConfirmPasswordField(props: { value: string; onChange(value: string): void; error?: ReactNode }) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: "auth.field.confirmPassword.label" })}
      type="password"
      name="confirm-password"
      autoComplete="new-password"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}
