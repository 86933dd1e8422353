import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { CODE_LENGTH } from "../domain/account";
import { TextField } from "../ui/TextField";

/** A mailed verification code; phones offer the code from the mail and a number pad. */
export function CodeField(props: { value: string; onChange(value: string): void; error?: ReactNode }) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: "auth.field.code.label" })}
      hint={intl.formatMessage({ id: "auth.field.code.hint" }, { length: CODE_LENGTH })}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      value={props.value}
      // Codes pasted from a mail often carry spaces.
      onChange={(value) => props.onChange(value.replace(/\s/g, ""))}
      error={props.error}
    />
  );
}
