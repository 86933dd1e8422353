import { REGIONS } from "./regions";
import { isValidUrl } from "./url";

/** Project (Api) settings rules shared by the wizard and the server (spec §5 "Projects"). */
export const PROJECT_NAME_MAX_LENGTH = 255;
/** Spec §9: "AI prompt max 256 characters". */
export const SCHEMA_PROMPT_MAX_LENGTH = 256;

export const AUTH_MODES = ["aws_api_key", "aws_cognito_user_pools", "aws_iam", "aws_oidc"] as const;

/** Modes where the project's own users sign in; API key is then added as an extra mode. */
const USER_AUTH_MODES: readonly string[] = ["aws_cognito_user_pools", "aws_oidc"];

/** Whether the project's own users sign in with this mode (user pool or OIDC). */
export const isUserAuthMode = (mode: string | null | undefined) => USER_AUTH_MODES.includes(mode ?? "");

/** The project's own user pool signs its users in (spec §3 authProviderType). */
export function usesUserPool(api: { defaultAuthMode: string; additionalAuthModes: readonly string[] }): boolean {
  return api.defaultAuthMode === "aws_cognito_user_pools" || api.additionalAuthModes.includes("aws_cognito_user_pools");
}

export interface OidcConfig {
  clientId: string;
  issuerUrl: string;
}

export function validateProjectName(name: string): "error_api_create_requires_name" | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > PROJECT_NAME_MAX_LENGTH ? "error_api_create_requires_name" : null;
}

export function validateRegion(region: string | null | undefined): "error_api_create_requires_region" | null {
  return REGIONS.some((r) => r.code === region) ? null : "error_api_create_requires_region";
}

/**
 * Reads Api.oidc (JSON text); clientId and issuerUrl default to empty. Null for no text;
 * undefined when the text is not a JSON object.
 */
export function parseOidc(text: string | null | undefined): OidcConfig | null | undefined {
  if (text === null || text === undefined || text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { clientId, issuerUrl } = value as Record<string, unknown>;
  return {
    clientId: typeof clientId === "string" ? clientId.trim() : "",
    issuerUrl: typeof issuerUrl === "string" ? issuerUrl.trim() : "",
  };
}

export type OidcProblems = {
  clientId: "error_api_create_requires_clientid" | null;
  issuerUrl: "error_api_create_requires_issuerurl" | "error_api_oidc_issuerurl_invalid" | null;
};

export type AuthProblem = "error_api_create_requires_authmode" | NonNullable<OidcProblems[keyof OidcProblems]>;

/** http(s), then a host, with no query or fragment. */
const ISSUER_URL_PATTERN = /^https?:\/\/[^?#]+$/;

/**
 * An OIDC issuer is an http(s) URL without query or fragment (OpenID Connect Discovery 1.0 §4);
 * http stays allowed for identity providers on a local network (docs/DECISIONS.md).
 */
export function isValidIssuerUrl(value: string): boolean {
  if (!isValidUrl(value) || !ISSUER_URL_PATTERN.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

/** Each OIDC field's problem on its own, so a form can show both at once (spec §5, §9 messages). */
export function oidcProblems(oidc: OidcConfig | null | undefined): OidcProblems {
  const issuerUrl = oidc?.issuerUrl ?? "";
  return {
    clientId: oidc?.clientId ? null : "error_api_create_requires_clientid",
    issuerUrl: !issuerUrl ? "error_api_create_requires_issuerurl" : isValidIssuerUrl(issuerUrl) ? null : "error_api_oidc_issuerurl_invalid",
  };
}

/** Auth mode is required; for OIDC clientId and a valid issuerUrl are required. */
export function validateAuth(mode: string | null | undefined, oidc: OidcConfig | null | undefined): AuthProblem | null {
  if (!mode || !(AUTH_MODES as readonly string[]).includes(mode)) return "error_api_create_requires_authmode";
  if (mode !== "aws_oidc") return null;
  const problems = oidcProblems(oidc);
  return problems.clientId ?? problems.issuerUrl;
}

/**
 * Spec §9: API key auth is added as an additional mode when a user auth mode is chosen, except
 * for imported projects. The default mode is never listed again as an additional one.
 */
export function additionalAuthModesFor(defaultAuthMode: string, chosen: readonly string[], creationType: string): string[] {
  const modes = new Set(chosen.filter((mode) => mode !== defaultAuthMode));
  if (creationType !== "IMPORT" && USER_AUTH_MODES.includes(defaultAuthMode)) modes.add("aws_api_key");
  return [...modes];
}

export type PromptProblem = "error_schema_prompt_required" | "error_schema_prompt_max_length";

export function validateSchemaPrompt(prompt: string): PromptProblem | null {
  if (prompt.trim().length === 0) return "error_schema_prompt_required";
  if (prompt.length > SCHEMA_PROMPT_MAX_LENGTH) return "error_schema_prompt_max_length";
  return null;
}
