import { createRemoteJWKSet, customFetch, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import type { OidcConfig } from "../../../../src/domain/project";
import type { Caller } from "../access";
import { log } from "../../../log";
import { boundedFetch, type BoundedFetchOptions } from "./boundedFetch";
import { PrivateAddressError } from "./publicAddress";

export type UserCaller = Extract<Caller, { kind: "user" }>;

/** Signatures an issuer may use; never "none" or a shared secret, which the issuer's JWKS cannot vouch for. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/** At most this many groups are taken from a token; each check walks them. */
const MAX_GROUPS = 100;

export interface OidcVerifierOptions {
  /** Per request to the issuer (discovery, JWKS). */
  timeoutMs?: number;
  /** Largest discovery document or JWKS accepted. */
  maxBytes?: number;
  /** How long a failed discovery is remembered, so a dead issuer is not asked on every request. */
  retryAfterMs?: number;
  /** How long a discovery document is kept. */
  discoveryTtlMs?: number;
  /** Issuers remembered at once (least recently used go first). */
  maxIssuers?: number;
  /** OIDC_ALLOW_PRIVATE_ISSUERS: issuers on loopback or private addresses may be asked too. */
  allowPrivateIssuers?: boolean;
}

/** Spec §7: `groups` (most issuers) or `cognito:groups` (Cognito as an OIDC issuer). */
function groupsOf(payload: JWTPayload): string[] {
  const claim = payload.groups ?? payload["cognito:groups"];
  if (!Array.isArray(claim)) return [];
  return claim.filter((group): group is string => typeof group === "string").slice(0, MAX_GROUPS);
}

/**
 * Verifies OIDC bearer tokens for projects whose auth mode is aws_oidc: the issuer's keys are
 * found through `<issuerUrl>/.well-known/openid-configuration` (its `jwks_uri`) and kept per
 * issuer (jose's remote JWKS: a key the set lacks refetches it at most once per cooldown). The
 * token must be signed by them, name the project's issuer exactly and its clientId as audience,
 * and be within exp/nbf.
 */
export function createOidcVerifier(options: OidcVerifierOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const discoveryTtlMs = options.discoveryTtlMs ?? 60 * 60_000;
  const maxIssuers = options.maxIssuers ?? 1_000;
  const allowPrivateAddresses = options.allowPrivateIssuers ?? false;
  const issuers = new Map<string, { keys: Promise<ReturnType<typeof createRemoteJWKSet>>; until: number }>();

  /** A request to an issuer; one refused for its address is logged, the caller just sees an invalid token. */
  async function fetchFromIssuer(url: string | URL, request: Pick<BoundedFetchOptions, "signal" | "headers">) {
    try {
      return await boundedFetch(url, { timeoutMs, maxBytes, allowPrivateAddresses, ...request });
    } catch (error) {
      if (error instanceof PrivateAddressError) log.info(`OIDC issuer request to ${String(url)} refused: ${error.message} (OIDC_ALLOW_PRIVATE_ISSUERS allows it)`);
      throw error;
    }
  }

  async function discover(issuerUrl: string) {
    const response = await fetchFromIssuer(`${issuerUrl.replace(/\/+$/, "")}/.well-known/openid-configuration`, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`OIDC discovery of ${issuerUrl} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery §4.3: the document must name exactly the issuer it was asked for.
    if (document.issuer !== issuerUrl) throw new Error(`OIDC discovery of ${issuerUrl} names another issuer`);
    if (typeof document.jwks_uri !== "string" || !/^https?:\/\//.test(document.jwks_uri)) throw new Error(`OIDC discovery of ${issuerUrl} has no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      timeoutDuration: timeoutMs,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      [customFetch]: (url, init) => fetchFromIssuer(url, { signal: init.signal, headers: init.headers }),
    });
  }

  function keysOf(issuerUrl: string) {
    const now = Date.now();
    const cached = issuers.get(issuerUrl);
    issuers.delete(issuerUrl);
    if (cached && cached.until > now) {
      issuers.set(issuerUrl, cached);
      return cached.keys;
    }
    const entry = { keys: discover(issuerUrl), until: now + discoveryTtlMs };
    entry.keys.catch(() => {
      entry.until = Date.now() + retryAfterMs;
    });
    issuers.set(issuerUrl, entry);
    if (issuers.size > maxIssuers) issuers.delete(issuers.keys().next().value!);
    return entry.keys;
  }

  return {
    /** Whether a token says it comes from this issuer (not verified): which check it is meant for. */
    claimsIssuer(token: string, issuerUrl: string): boolean {
      try {
        return decodeJwt(token).iss === issuerUrl;
      } catch {
        return false;
      }
    },

    /** The project user a token proves and when the token expires, or null for any token the project's issuer did not give it. */
    async verify(token: string, oidc: OidcConfig): Promise<{ caller: UserCaller; expiresAt: number } | null> {
      try {
        const keys = await keysOf(oidc.issuerUrl);
        const { payload } = await jwtVerify(token, keys, {
          issuer: oidc.issuerUrl,
          audience: oidc.clientId,
          algorithms: ALGORITHMS,
          requiredClaims: ["sub", "exp"],
        });
        return {
          caller: { kind: "user", sub: payload.sub!, email: typeof payload.email === "string" ? payload.email : null, groups: groupsOf(payload), via: "oidc" },
          expiresAt: payload.exp! * 1000,
        };
      } catch {
        return null;
      }
    },
  };
}

export type OidcVerifier = ReturnType<typeof createOidcVerifier>;
