import { isValidCode, isValidEmail, isValidPassword } from "../domain/account";

/**
 * Which message a form field shows, as a message id, or undefined when the value is fine. The
 * rules themselves live in src/domain/account.ts; these only pick the words.
 */
export function emailError(email: string): string | undefined {
  if (!email) return "auth.field.email.required";
  return isValidEmail(email) ? undefined : "global_email_error_format_email";
}

export function requiredPasswordError(password: string): string | undefined {
  return password ? undefined : "auth.field.password.required";
}

/** A password being chosen must fulfil the policy; the checklist under the field says which part is missing. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return "auth.field.password.required";
  return isValidPassword(password) ? undefined : "auth.field.password.policy";
}

export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : "auth.field.confirmPassword.mismatch";
}

export function codeError(code: string): string | undefined {
  if (!code) return "auth.field.code.required";
  return isValidCode(code) ? undefined : "auth.field.code.invalid";
}
