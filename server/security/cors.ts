/**
 * Cross-origin calls: the console is served by this server, so by default no other origin gets
 * CORS permission; CORS_ORIGINS lists the ones that do. Tokens travel in headers and bodies,
 * never cookies, so credentials are never allowed, and an unlisted Origin is never echoed.
 */
export function corsHeadersForOrigin(origin: string | null | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  if (!origin || !allowedOrigins.includes(origin)) return { vary: "Origin" };
  return {
    vary: "Origin",
    "access-control-allow-origin": origin,
    "access-control-expose-headers": "x-amzn-errortype, x-amzn-requestid",
  };
}

/** The headers of the answer to an OPTIONS preflight: permission only for listed origins. */
export function preflightHeaders(origin: string | null | undefined, requestedHeaders: string | null | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  const headers = corsHeadersForOrigin(origin, allowedOrigins);
  if (headers["access-control-allow-origin"]) {
    Object.assign(headers, {
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers": requestedHeaders ?? "content-type, authorization, x-amz-target, x-amz-user-agent, cache-control",
      "access-control-max-age": "86400",
    });
  }
  return headers;
}

/**
 * A project's own API (`/p/<apiId>/graphql`) is called by its customers' apps from any origin
 * (any client: curl, a customer app, Relay). Its callers prove who they are with an
 * API key or a bearer token in a header, never a cookie, so a page on another origin gains nothing
 * it could not send itself: every origin may read the answers, and credentials are never allowed.
 */
export const PROJECT_API_CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  // Amplify names an error by this header of the answer.
  "access-control-expose-headers": "x-amzn-errortype",
};

/** The preflight answer of a project's API: any origin, only the methods and headers it reads. */
export const PROJECT_API_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...PROJECT_API_CORS_HEADERS,
  "access-control-allow-methods": "GET, POST, OPTIONS",
  // Amplify sends its user agent and, with some auth modes, a date beside the key or token.
  "access-control-allow-headers": "content-type, accept, authorization, x-api-key, x-amz-user-agent, x-amz-date",
  "access-control-max-age": "86400",
};

/** Handlers (the sign-in service) set their own CORS headers; the route's CORS policy decides instead. */
export const isCorsHeader = (name: string) => name.startsWith("access-control-");
