/**
 * AppSync names each error's kind in `errorType` beside `message` (Amplify and AppSync clients
 * read it); ours is `extensions.code`, which stays for the console. Codes AppSync has its own
 * name for take it; a masked internal error is AppSync's internal failure.
 */
const ERROR_TYPES: Readonly<Record<string, string>> = {
  UNAUTHENTICATED: "UnauthorizedException",
  // AppSync's name for a field the caller may not read or write.
  FORBIDDEN: "Unauthorized",
  BAD_USER_INPUT: "BadRequestException",
  GRAPHQL_PARSE_FAILED: "MalformedHttpRequestException",
  GRAPHQL_VALIDATION_FAILED: "ValidationError",
  PERSISTED_QUERY_NOT_FOUND: "BadRequestException",
  NOT_FOUND: "NotFoundException",
  CONFLICT: "ConflictException",
  RATE_LIMITED: "LimitExceededException",
  UNAVAILABLE: "ServiceUnavailableException",
};

/** The name AppSync gives a failed authorization, in the header and the body. */
export const UNAUTHORIZED_EXCEPTION = "UnauthorizedException";

export function errorTypeOf(code: unknown): string {
  return (typeof code === "string" && Object.hasOwn(ERROR_TYPES, code) && ERROR_TYPES[code]) || "InternalFailureException";
}

/** An error as answered: what it carried (message, path, extensions) and AppSync's errorType. */
export function withErrorType(error: unknown): Record<string, unknown> {
  const json = error && typeof (error as { toJSON?: unknown }).toJSON === "function" ? (error as { toJSON(): Record<string, unknown> }).toJSON() : { ...(error as object) };
  const extensions = json.extensions as { code?: unknown; errorType?: unknown } | undefined;
  // An error that names AppSync's own type for itself (a failed write condition) keeps it.
  const named = typeof extensions?.errorType === "string" ? extensions.errorType : null;
  return { ...json, errorType: named ?? errorTypeOf(extensions?.code) };
}
