/** Spec §9 name limits: an app 3 to 255 characters, a view 2 to 32 (unique within its app). */
export const APP_NAME_MIN_LENGTH = 3;
export const APP_NAME_MAX_LENGTH = 255;
export const VIEW_NAME_MIN_LENGTH = 2;
export const VIEW_NAME_MAX_LENGTH = 32;

export type AppNameProblem = "error_app_name_min_length" | "error_app_name_max_length";

/** Spec §5: the minimum is checked on submit, the maximum while typing; both on the server. */
export function validateAppName(name: string): AppNameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length < APP_NAME_MIN_LENGTH) return "error_app_name_min_length";
  if (trimmed.length > APP_NAME_MAX_LENGTH) return "error_app_name_max_length";
  return null;
}

/** The maximum alone: what the name field says as the user types. */
export const appNameTooLong = (name: string) => name.trim().length > APP_NAME_MAX_LENGTH;
