import type { Config } from "../../config";
import { refuse } from "../../graphqlKit/errors";
import { boundedFetch } from "../../projectEndpoint/access/callers/boundedFetch";
import { PrivateAddressError } from "../../projectEndpoint/access/callers/publicAddress";
import { deriveKey, open, resolveSecretKey, seal } from "../../security/secretKey";

/**
 * An imported project's live API: an existing GraphQL endpoint (AppSync or any other) and the
 * credential it is called with, an API key (sent as x-api-key) or a bearer token (sent in
 * Authorization). Calls go out from the server, bounded in time and size, and only to public
 * addresses, with one exception: a Baukasten project's own endpoint on this platform.
 */
export type ImportCredential = { kind: "apiKey" | "token"; value: string };
export interface LiveApi {
  url: string;
  credential: ImportCredential;
}

const CALL_TIMEOUT_MS = 15_000;

/** The platform's own /p/<apiId>/graphql: another project here, which is ours to reach even on loopback. */
export function isOwnProjectEndpoint(url: URL, origins: readonly string[]): boolean {
  return origins.some((origin) => new URL(origin).origin === url.origin) && /^\/p\/[^/]+\/graphql$/.test(url.pathname);
}

const unreachable = (url: string, detail: string) =>
  refuse("BAD_USER_INPUT", "error_import_unreachable", `The live API at ${url} could not be called: ${detail}`, { url, detail });

/** The answer of one GraphQL call to the live API; refused with a clear error when there is none. */
export async function callLiveApi(api: LiveApi, query: string, variables: Record<string, unknown>, options: { config: Config; origin: string; operationName?: string | null }) {
  let url: URL;
  try {
    url = new URL(api.url);
  } catch {
    throw refuse("BAD_USER_INPUT", "error_import_url_invalid", "The live API's address must be an http(s) URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("BAD_USER_INPUT", "error_import_url_invalid", "The live API's address must be an http(s) URL.");
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (api.credential.kind === "apiKey") headers["x-api-key"] = api.credential.value;
  else headers.authorization = api.credential.value;
  let response: Response;
  try {
    response = await boundedFetch(url, {
      body: JSON.stringify({ query, variables, ...(options.operationName ? { operationName: options.operationName } : {}) }),
      headers,
      timeoutMs: CALL_TIMEOUT_MS,
      maxBytes: options.config.limits.importMaxBytes,
      allowPrivateAddresses: isOwnProjectEndpoint(url, [options.origin, options.config.publicUrl]),
    });
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw refuse("BAD_USER_INPUT", "error_import_private_address", `The live API at ${api.url} is on a private or local address, which the server does not call.`, { url: api.url });
    throw unreachable(api.url, error instanceof Error ? error.message : String(error));
  }
  let body: { data?: any; errors?: { message: string }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw refuse("BAD_USER_INPUT", "error_import_not_graphql", `The live API at ${api.url} did not answer as a GraphQL API (HTTP ${response.status}).`, { url: api.url, status: response.status });
  }
  if (response.status === 401 || response.status === 403)
    throw refuse("BAD_USER_INPUT", "error_import_unauthorized", `The live API at ${api.url} refused the credential.`, { url: api.url });
  return body;
}

/** The answer's data, or the live API's own first error as a refusal. */
export async function liveApiData(api: LiveApi, query: string, variables: Record<string, unknown>, options: { config: Config; origin: string }) {
  const body = await callLiveApi(api, query, variables, options);
  if (body.errors?.length || !body.data) {
    const detail = body.errors?.[0]?.message ?? "no data";
    throw refuse("BAD_USER_INPUT", "error_import_live_api_error", `The live API answered: ${detail}`, { detail });
  }
  return body.data;
}

/** The credential as stored: sealed with the server's secret, bound to the project. */
const credentialKey = (config: Config) => deriveKey(resolveSecretKey(config), "import-credential");
export const sealCredential = (config: Config, apiId: string, credential: ImportCredential) => seal(credentialKey(config), JSON.stringify(credential), apiId);
export const openCredential = (config: Config, apiId: string, sealed: string) => JSON.parse(open(credentialKey(config), sealed, apiId)) as ImportCredential;
