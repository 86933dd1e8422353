import type { Config } from "../config";
import type { Db } from "../db/database";
import type { PubSub } from "../pubsub";
import type { JobRunner } from "../jobs/runner";
import type { AuthService } from "../auth";
import type { Mailer } from "../mail/mailer";
import type { ObjectStore } from "../storage/objectStore";
import type { Payments } from "../pay/payments";
import { unauthenticated } from "./errors";
import type { ResponseBudget } from "./responseBudget";
import type { FlowDryRunner } from "../flows/dryRun";

export interface Viewer {
  sub: string;
  email: string;
  /** Platform role given by configuration (SUPERUSER_EMAILS), never by a workspace. */
  superuser: boolean;
  /** The sign-in behind the token, so open subscriptions end with it (graphql/sessionWatch.ts). */
  session?: { id: string; expiresAt: number };
}

export interface Context {
  db: Db;
  config: Config;
  /** Where this request reached the console (http/origin.ts); links in its answer start with it. */
  origin: string;
  pubsub: PubSub;
  /** Background work; kick() after committing a transaction that enqueued a job. */
  jobs: JobRunner;
  /** Local mailbox or SMTP (invitations). */
  mailer: Mailer;
  /** Declaration zips of publish runs (server/storage/objectStore.ts). */
  objects: ObjectStore;
  /** The payment provider (built-in test provider by default) and checkout addresses. */
  payments: Payments;
  viewer: Viewer | null;
  /** Runs a flow's steps without effects (server/flows/dryRun.ts); set by the platform. */
  flowDryRun?: FlowDryRunner;
  /** The bytes this request's answer may still take (LIMITS responseMaxBytes); set when it executes. */
  responseBudget?: ResponseBudget;
}

export function requireViewer(ctx: Context): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** Reads the caller from headers (HTTP) or connection params (graphql-ws). */
export async function resolveViewer(
  auth: AuthService,
  config: Config,
  authorization: string | null | undefined,
): Promise<Viewer | null> {
  const token = authorization?.replace(/^Bearer\s+/i, "").trim();
  if (!token) return null;
  const verified = await auth.verifyAccessToken(token);
  if (!verified) return null;
  return { ...verified, superuser: config.superuserEmails.includes(verified.email.toLowerCase()) };
}
