import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import type { AuthFormState } from "./useAuthForm";

/** A form of useAuthForm: server error on top, the fields, one primary submit (Enter submits too). */
export function AuthForm(props: { form: AuthFormState; submitId: string; children: ReactNode; testId?: string }) {
  return (
    <form noValidate onSubmit={(event) => void props.form.onSubmit(event)} data-testid={props.testId}>
      {props.form.error && (
        <Alert variant="danger" testId="auth-error">
          {props.form.error}
        </Alert>
      )}
      {props.children}
      <Button type="submit" variant="primary" block busy={props.form.busy}>
        <FormattedMessage id={props.submitId} />
      </Button>
    </form>
  );
}
