import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../context";
import { AuthError, invalidParameter, notAuthorized } from "../errors";
import { assertNotLocked, clearFailedPasswords, refuseWrongPassword } from "../lockout";
import { requireObject, requireString, type JsonObject } from "../params";
import { openSecretBlock, sealSecretBlock, SECRET_BLOCK_TTL_MS } from "../secretBlock";
import { sessionForRefreshToken, startSession } from "../sessions";
import { expectedSignature, isValidTimestamp, N, parseHex, randomEphemeral, serverPublic } from "../srp";
import { issueTokens } from "../tokens";
import { findUser, findUserBySub, type AuthUser } from "../users";
import { requireClient } from "./client";

export async function initiateAuth(ctx: AuthContext, body: JsonObject, source: string) {
  requireClient(ctx, body);
  const flow = requireString(body, "AuthFlow");
  const parameters = requireObject(body, "AuthParameters");
  if (flow === "USER_SRP_AUTH") return startSrp(ctx, parameters, source);
  if (flow === "REFRESH_TOKEN_AUTH" || flow === "REFRESH_TOKEN") return refresh(ctx, parameters);
  throw invalidParameter(`${flow} flow not enabled for this client`);
}

/**
 * SRP step 1: answers A with the salt and B. An unknown username gets a simulated account
 * (stable id, salt and verifier derived from the name), and both steps do the same work and give
 * the same answers for it as for a real account with a wrong password, lockout included, so
 * sign-in does not reveal which emails have accounts (Cognito's PreventUserExistenceErrors).
 */
async function startSrp(ctx: AuthContext, parameters: JsonObject, source: string) {
  const username = requireString(parameters, "USERNAME");
  const srpA = requireString(parameters, "SRP_A");
  const A = parseHex(srpA);
  if (A === null || A % N === 0n) throw invalidParameter("SRP_A is not a valid SRP value.");

  const user = await findUser(ctx, ctx.db, username);
  const account = user ? realAccount(user) : simulatedAccount(ctx, simulatedId(ctx, username));
  await assertNotLocked(ctx, account.id, source);
  const b = randomEphemeral();
  const secretBlock = sealSecretBlock(ctx.keys.secretBlockKey, {
    sub: account.id,
    simulated: !user,
    A: srpA,
    b: b.toString(16),
    exp: Date.now() + SECRET_BLOCK_TTL_MS,
  });
  return {
    ChallengeName: "PASSWORD_VERIFIER",
    ChallengeParameters: {
      SALT: account.salt,
      SRP_B: serverPublic(account.verifier, b).toString(16),
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: account.id,
      USERNAME: account.id,
    },
  };
}

interface SrpAccount {
  id: string;
  salt: string;
  verifier: string;
  user?: AuthUser;
}

const realAccount = (user: AuthUser): SrpAccount => ({ id: user.sub, salt: user.srp_salt, verifier: user.srp_verifier, user });

/** A UUID-shaped id that is always the same for a name, like a real user's sub. */
function simulatedId(ctx: AuthContext, username: string): string {
  const id = createHmac("sha256", ctx.keys.unknownUserKey).update(`id:${ctx.pool.scope}${username.toLowerCase()}`).digest("hex");
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`;
}

/**
 * Salt and verifier for a simulated id. The verifier is a full-size number below N, as a real
 * g^x mod N is, so the proof check costs the same modular exponentiations.
 */
function simulatedAccount(ctx: AuthContext, id: string): SrpAccount {
  const digest = (label: string) => createHmac("sha256", ctx.keys.unknownUserKey).update(`${label}:${id}`).digest();
  const blocks = Array.from({ length: 12 }, (_, i) => digest(`verifier${i}`));
  const verifier = BigInt(`0x${Buffer.concat(blocks).toString("hex")}`) % N;
  return { id, salt: digest("salt").toString("hex").slice(0, 32), verifier: verifier.toString(16) };
}

/** SRP step 2: checks the client's proof of the password, then signs the user in. */
export async function respondToAuthChallenge(ctx: AuthContext, body: JsonObject, source: string) {
  requireClient(ctx, body);
  const challenge = requireString(body, "ChallengeName");
  if (challenge !== "PASSWORD_VERIFIER") throw invalidParameter(`Unsupported challenge ${challenge}`);
  const responses = requireObject(body, "ChallengeResponses");
  const username = requireString(responses, "USERNAME");
  const secretBlock = requireString(responses, "PASSWORD_CLAIM_SECRET_BLOCK", 8192);
  const signature = requireString(responses, "PASSWORD_CLAIM_SIGNATURE");
  const timestamp = requireString(responses, "TIMESTAMP");

  const state = openSecretBlock(ctx.keys.secretBlockKey, secretBlock);
  if (!state) throw notAuthorized("Invalid session for the user, session is expired.");
  if (!isValidTimestamp(timestamp)) throw notAuthorized();
  const user = state.simulated ? undefined : await findUserBySub(ctx, ctx.db, state.sub);
  const account = user ? realAccount(user) : simulatedAccount(ctx, state.sub);
  if (username !== account.id && username.toLowerCase() !== user?.email) throw notAuthorized();
  await assertNotLocked(ctx, account.id, source);

  const expected = expectedSignature({
    poolName: ctx.poolName,
    userId: account.id,
    A: BigInt(`0x${state.A}`),
    b: BigInt(`0x${state.b}`),
    verifierHex: account.verifier,
    secretBlock,
    timestamp,
  });
  const given = Buffer.from(signature, "base64");
  const proven = expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
  if (!proven || !account.user) return refuseWrongPassword(ctx, account.id, source);
  await clearFailedPasswords(ctx, account.id, source);
  // Only after the password proved right, as Cognito does: the console then resends the code.
  if (!account.user.confirmed) throw new AuthError("UserNotConfirmedException", "User is not confirmed.");

  const { session, refreshToken } = await startSession(ctx, account.id);
  const tokens = await issueTokens(ctx, account.user, session, await ctx.pool.signInClaims(ctx.db, account.user));
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, RefreshToken: refreshToken } };
}

/** New id and access tokens for the same sign-in; no RefreshToken key, so the client keeps its own. */
async function refresh(ctx: AuthContext, parameters: JsonObject) {
  const session = await sessionForRefreshToken(ctx, requireString(parameters, "REFRESH_TOKEN"));
  const user = await findUserBySub(ctx, ctx.db, session.sub);
  if (!user?.confirmed) throw notAuthorized("Invalid Refresh Token");
  return { ChallengeParameters: {}, AuthenticationResult: await issueTokens(ctx, user, session) };
}
