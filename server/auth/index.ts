import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { createLocalAuthService } from "./local";
import { createRemoteAuthService } from "./remote";
import type { ProjectPools } from "./projectPools";
import type { NewKeyPair } from "./keys";
import type { PubSub } from "../pubsub";

export interface AuthService {
  /**
   * Handles every request whose path starts with /auth (POST /auth = Cognito JSON protocol;
   * GET /auth/<poolId>/.well-known/jwks.json). Never throws; always a Response. Includes CORS
   * (preflight OPTIONS) for the X-Amz-* headers.
   */
  handle(request: Request): Promise<Response>;
  /**
   * Verifies a user-pool ACCESS token (RS256, issuer, token_use=access, client_id, its sign-in
   * not revoked by RevokeToken or GlobalSignOut). Returns null when invalid, expired or revoked.
   */
  verifyAccessToken(token: string): Promise<VerifiedToken | null>;
  /**
   * Which of these sign-in sessions are still active, in one query, so open subscriptions of
   * ended ones can be closed. A real Cognito pool cannot be asked: all count as active there.
   */
  activeSessions(sessionIds: string[]): Promise<Set<string>>;
  /** Each project's own pool; null with a real Cognito pool, which serves none. */
  projectPools: ProjectPools | null;
}

export interface VerifiedToken {
  sub: string;
  email: string;
  /** The sign-in the token came from and when the token expires (epoch ms). */
  session: { id: string; expiresAt: number };
  /** A project pool's user: the groups their token names (`cognito:groups`). */
  groups?: string[];
}

/**
 * The built-in sign-in service, or a thin verifier for a real Cognito pool when
 * COGNITO_REGION is set. The optional fields exist for tests.
 */
export async function createAuthService(deps: {
  db: Db;
  mailer: Mailer;
  config: Config;
  /** Where ended sign-ins and changed users are announced ("credential:changed"), once committed, and whose change followers a sign-up's users-table entry wakes. */
  pubsub?: PubSub;
  /** Lifetime of id and access tokens; 1 hour by default. */
  accessTokenTtlSeconds?: number;
  /** Base delay of answers to repeated wrong passwords; 1 second by default. */
  failedSignInDelayMs?: number;
  /** The key pair a new signing key gets (tests lend one made before); a fresh RSA pair by default. */
  newKeyPair?: NewKeyPair;
}): Promise<AuthService> {
  if (deps.config.cognito.region) return createRemoteAuthService(deps.config);
  return createLocalAuthService(deps);
}
