import { createGraphQLError } from "graphql-yoga";

export type ErrorCode = "BAD_USER_INPUT" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "UNAVAILABLE";

/**
 * A refused request. `messageId` is the spec's translation key, so the console shows the
 * localized text; `message` is the English text for callers without the console.
 */
export function refuse(code: ErrorCode, messageId: string, message: string, extensions: Record<string, unknown> = {}) {
  return createGraphQLError(message, { extensions: { ...extensions, code, messageId } });
}

/** HTTP 401, so the console refreshes its token once and retries (spec §8 "Call handling"). */
export const unauthenticated = () =>
  createGraphQLError("Please sign in.", {
    extensions: { code: "UNAUTHENTICATED", messageId: "error_unauthenticated", http: { status: 401 } },
  });

export const forbidden = (messageId = "error_forbidden", message = "You are not allowed to do this.") =>
  refuse("FORBIDDEN", messageId, message);

export const notFound = () => refuse("NOT_FOUND", "error_not_found", "Object not found.");
