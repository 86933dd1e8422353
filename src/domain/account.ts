/**
 * Account rules shared by the console forms and the sign-in service. Plain checks, not arktype:
 * the sign-in page loads this file, and arktype would weigh on it
 * (scripts/vite/loginBundleGuard.ts fails the build when it comes back). The spec's hints disagree
 * (12, 8 and 6 characters); we settled on 8 with lowercase, uppercase and a digit
 * (docs/DECISIONS.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const CODE_LENGTH = 6;

const EMAIL_PATTERN = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** The email input keeps only letters, digits and . @ _ + -, lowercased and trimmed (spec §5). */
export function sanitizeEmail(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.@_+-]/g, "")
    .slice(0, EMAIL_MAX_LENGTH);
}

const CODE_PATTERN = /^\d{6}$/;

export type PasswordRule = "length" | "lowercase" | "uppercase" | "digit";

/** Which parts of the policy a password misses, so forms can tick them off while typing. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push("length");
  if (!/[a-z]/.test(password)) problems.push("lowercase");
  if (!/[A-Z]/.test(password)) problems.push("uppercase");
  if (!/\d/.test(password)) problems.push("digit");
  return problems;
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function isValidPassword(value: string): boolean {
  return passwordProblems(value).length === 0;
}

export function isValidCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}
