/**
 * What a failed call surfaces to screens: the first GraphQL error's message with the spec's
 * translation key (messageId), or a transport failure ('API request failed').
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly messageId?: string,
    readonly code?: string,
    readonly values?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function requestFailed() {
  return new ApiError("API request failed", "error_api_request_failed");
}

/** '{field} missing in response' (spec §8, "Call handling"). */
export function requireField<T>(data: Record<string, unknown> | null | undefined, field: string): T {
  const value = data?.[field];
  if (value === null || value === undefined) {
    throw new ApiError(`${field} missing in response`, "error_field_missing", "MISSING_FIELD", { field });
  }
  return value as T;
}
