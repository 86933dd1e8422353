import { resolve } from "node:path";
import { readLimits, type Limits } from "./limits/settings";
import { readSeller, type Seller } from "./pay/seller";
import type { S3Settings } from "./storage/s3ObjectStore";

/** Everything the server reads from its environment, read once at start-up. */
export interface Config {
  port: number;
  /** Interface to listen on; unset → both loopback addresses (127.0.0.1 and ::1). */
  host?: string;
  /** Secret of the local mailbox; unset → generated into the data directory. */
  mailboxToken?: string;
  /** Encrypts private signing keys at rest; required with DATABASE_URL. */
  secretKey?: string;
  /** Origins besides the console's own that may call the API from a browser. */
  corsOrigins: string[];
  /** Reverse proxies whose X-Forwarded-For names the source address (server/http/sourceAddress.ts). */
  trustedProxies: string[];
  dataDir: string;
  databaseUrl?: string;
  /** S3_BUCKET and its S3_* companions: files in an S3-compatible store; unset → the data directory. */
  s3?: S3Settings;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the console: links in mails, the token issuer, and answers to a Host it does not know (http/origin.ts). */
  publicUrl: string;
  /** PUBLIC_URL was set: every answer uses it and console pages asked for elsewhere redirect to it. */
  publicUrlGiven: boolean;
  cognito: {
    /** Set when a real Cognito pool replaces the built-in sign-in service. */
    region?: string;
    userPoolId: string;
    clientId: string;
  };
  superuserEmails: string[];
  /** Users who see the flagged screens (Flows, Declaration); FEATURE_FLAG_EMAILS. */
  featureFlagEmails: string[];
  logLevel: "silent" | "info";
  /** An OpenAI-compatible chat endpoint for the AI start; unset → the embedded generator. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** Abuse limits (server/limits/settings.ts); LIMITS overrides them. */
  limits: Limits;
  /** PAY_TEST_AUTOMATION: the built-in provider completes checkouts without its page (spec §2 'Under test automation'). */
  payTestAutomation: boolean;
  /** OIDC_ALLOW_PRIVATE_ISSUERS: a project's OIDC issuer may be on loopback or a private network. */
  oidcAllowPrivateIssuers: boolean;
  /** FLOWS_ALLOW_PRIVATE_ADDRESSES: a flow's HTTP request step may call loopback and private addresses. */
  flowsAllowPrivateAddresses: boolean;
  /** PROJECT_SCHEMA_CACHE_SIZE: how many projects' generated GraphQL schemas one process keeps. */
  projectSchemaCacheSize: number;
  /** The invoices' seller (server/pay/seller.ts): SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID, … */
  seller: Seller;
}

/** Pool and client ids of the built-in sign-in service; the console uses the same defaults. */
export const LOCAL_USER_POOL_ID = "local_baukasten";
export const LOCAL_CLIENT_ID = "baukasten-console";

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 4000);
  return {
    port,
    host: env.HOST || undefined,
    mailboxToken: env.MAILBOX_TOKEN || undefined,
    secretKey: env.SECRET_KEY || undefined,
    corsOrigins: list(env.CORS_ORIGINS).map((origin) => origin.replace(/\/$/, "")),
    trustedProxies: list(env.TRUSTED_PROXIES),
    dataDir: env.DATA_DIR === "memory://" ? "memory://" : resolve(env.DATA_DIR ?? ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    s3: readS3(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Baukasten <no-reply@baukasten.local>",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    publicUrlGiven: Boolean(env.PUBLIC_URL),
    cognito: {
      region: env.COGNITO_REGION || undefined,
      userPoolId: env.COGNITO_USER_POOL_ID || LOCAL_USER_POOL_ID,
      clientId: env.COGNITO_CLIENT_ID || LOCAL_CLIENT_ID,
    },
    superuserEmails: list(env.SUPERUSER_EMAILS).map((e) => e.toLowerCase()),
    featureFlagEmails: list(env.FEATURE_FLAG_EMAILS).map((e) => e.toLowerCase()),
    logLevel: env.LOG_LEVEL === "silent" ? "silent" : "info",
    llm: env.LLM_BASE_URL
      ? { baseUrl: env.LLM_BASE_URL.replace(/\/$/, ""), apiKey: env.LLM_API_KEY || undefined, model: env.LLM_MODEL || "gpt-4o-mini" }
      : undefined,
    limits: readLimits(env.LIMITS),
    payTestAutomation: env.PAY_TEST_AUTOMATION === "true",
    oidcAllowPrivateIssuers: ["1", "true"].includes(env.OIDC_ALLOW_PRIVATE_ISSUERS ?? ""),
    flowsAllowPrivateAddresses: ["1", "true"].includes(env.FLOWS_ALLOW_PRIVATE_ADDRESSES ?? ""),
    projectSchemaCacheSize: positiveInteger("PROJECT_SCHEMA_CACHE_SIZE", env.PROJECT_SCHEMA_CACHE_SIZE, 100),
    seller: readSeller(env),
  };
}

/** The S3 store's settings; a half-given set stops the start with what is missing. */
function readS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const given = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => env[name]);
  if (given.length === 0) return undefined;
  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length) throw new Error(`${given.join(", ")} given: ${missing.join(", ")} must be set too`);
  if (env.S3_ENDPOINT && !/^https?:\/\/[^/]/.test(env.S3_ENDPOINT)) throw new Error(`S3_ENDPOINT: "${env.S3_ENDPOINT}" is not an http(s) address`);
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

/** A whole-number setting of at least 1; a typo stops the start instead of being ignored. */
function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name}: "${value}" is not a whole number of at least 1`);
  return number;
}

/** A comma-separated setting as trimmed, non-empty entries. */
function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
