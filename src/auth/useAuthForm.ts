import { useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { errorText } from "../common/ErrorMessage";
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from "../domain/account";

/** Values the field messages may mention ("has {length} digits"). */
const MESSAGE_VALUES = { length: CODE_LENGTH, min: PASSWORD_MIN_LENGTH };

/**
 * Submit handling shared by the authentication forms. `errors` maps each field to a message id
 * and is recomputed on every render, so field errors stay hidden until the first submit and
 * then follow the typing. Server errors become the text of the danger alert.
 */
export function useAuthForm<Field extends string>(errors: Partial<Record<Field, string | undefined>>, action: () => Promise<void>) {
  const intl = useIntl();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const fieldError = (field: Field) => {
    const id = errors[field];
    return submitted && id ? intl.formatMessage({ id }, MESSAGE_VALUES) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorText(intl, failure));
      // The server's answer explains the failure; a field it cleared (the password) should not
      // also shout "required" until the next submit.
      setSubmitted(false);
    } finally {
      setBusy(false);
    }
  };

  /** Forget the server's last refusal once it no longer holds (a new code was sent). */
  const clearError = () => setError(undefined);

  return { onSubmit, busy, error, fieldError, clearError };
}

/** What the form element needs of the hook (field errors go to the fields themselves). */
export type AuthFormState = Pick<ReturnType<typeof useAuthForm>, "onSubmit" | "busy" | "error">;
