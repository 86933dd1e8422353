/**
 * Project API keys (spec §5 "API key form: description is a string. expires is an integer from
 * 1 to 365 days, default 365"; §7 "create (description, expires as epoch time plus days …)").
 */
export const API_KEY_MIN_DAYS = 1;
export const API_KEY_MAX_DAYS = 365;
export const API_KEY_DEFAULT_DAYS = 365;
const DAY_MS = 86_400_000;

/** `expires` is epoch seconds, now plus the chosen days; an hour of slack covers clock skew and slow forms. */
export function apiKeyExpiryProblem(expiresEpochSeconds: number, nowMs: number): "error_api_key_expires" | null {
  const ms = expiresEpochSeconds * 1000 - nowMs;
  const slack = 3_600_000;
  const ok = Number.isFinite(ms) && ms >= API_KEY_MIN_DAYS * DAY_MS - slack && ms <= API_KEY_MAX_DAYS * DAY_MS + slack;
  return ok ? null : "error_api_key_expires";
}

/** Rotation keeps the old key working this many days at most (0: it stops at once). */
export const API_KEY_GRACE_MAX_DAYS = 30;
export const API_KEY_GRACE_DEFAULT_DAYS = 7;
/** A description is a label, not a document. */
export const API_KEY_DESCRIPTION_MAX_LENGTH = 256;

export function apiKeyGraceProblem(days: number): "error_api_key_grace_days" | null {
  return Number.isInteger(days) && days >= 0 && days <= API_KEY_GRACE_MAX_DAYS ? null : "error_api_key_grace_days";
}

export function apiKeyDescriptionProblem(description: string | null | undefined): "error_api_key_description_length" | null {
  return (description ?? "").length > API_KEY_DESCRIPTION_MAX_LENGTH ? "error_api_key_description_length" : null;
}

/** Whole days from now until the key expires, rounded up; 0 once expired. */
export function apiKeyDaysLeft(expiresEpochSeconds: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresEpochSeconds * 1000 - nowMs) / DAY_MS));
}

/** The key's validity in days, from creation to expiry (rounded), as the key table shows it. */
export function apiKeyValidityDays(createdAtIso: string, expiresEpochSeconds: number): number {
  return Math.max(0, Math.round((expiresEpochSeconds * 1000 - Date.parse(createdAtIso)) / DAY_MS));
}

/**
 * The warning a key carries as its expiry nears: 14, 7 and 1 days before it (the smallest
 * threshold it is within), "expired" after it, null while it is further off.
 */
export const API_KEY_WARNING_DAYS = [1, 7, 14] as const;
export function apiKeyExpiryWarning(expiresEpochSeconds: number, nowMs: number): 1 | 7 | 14 | "expired" | null {
  const ms = expiresEpochSeconds * 1000 - nowMs;
  if (ms <= 0) return "expired";
  return API_KEY_WARNING_DAYS.find((days) => ms <= days * DAY_MS) ?? null;
}

/** The successor's expiry on rotation: as many days as the old key was made for, within 1–365. */
export function successorValidityDays(createdAtMs: number, expiresAtMs: number): number {
  const days = Math.round((expiresAtMs - createdAtMs) / DAY_MS);
  return Math.min(API_KEY_MAX_DAYS, Math.max(API_KEY_MIN_DAYS, days));
}
