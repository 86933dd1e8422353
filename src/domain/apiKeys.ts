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
