import type { Db } from "../db/database";
import type { Mailer } from "../mail/mailer";
import type { Limits } from "../limits/settings";
import type { AuthKeys } from "./keys";
import type { VerifiedTokenCache } from "./verifiedTokens";
import type { PoolKind } from "./pool";

/** What every call of the built-in sign-in service works with. */
export interface AuthContext {
  db: Db;
  mailer: Mailer;
  poolId: string;
  /** The part of the pool id after "_"; SRP hashes it into every proof. */
  poolName: string;
  clientId: string;
  /** `${publicUrl}/auth/${poolId}`, laid out like Cognito's so generic verifiers find the JWKS. */
  issuer: string;
  keys: AuthKeys;
  accessTokenTtlSeconds: number;
  /** Base delay for answers to wrong passwords once a user is in the slow zone (see lockout.ts). */
  failedSignInDelayMs: number;
  limits: Limits;
  /** Tokens verified for API requests; told when a session ends or a user changes (verifiedTokens.ts). */
  verifiedTokens: VerifiedTokenCache;
  /** The console's pool or a project's (pool.ts). */
  pool: PoolKind;
}
