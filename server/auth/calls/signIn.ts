import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../context";
import { AuthError, invalidParameter, notAuthorized } from "../errors";
import { assertNotLocked, clearFailedPasswords, refuseWrongPassword } from "../lockout";
import { requireObject, requireString, type JsonObject } from "../params";
import { openSecretBlock, sealSecretBlock, SECRET_BLOCK_TTL_MS } from "../secretBlock";
import { sessionForRefreshToken, startSession } from "../sessions";
import { expectedSignature, isValidTimestamp, N, parseHex, randomEphemeral, serverPublic } from "../srp";
import { issueTokens } from "../tokens";
import { findUser, findUserBySub } from "../users";
import { requireClient } from "./client";

export async function initiateAuth(ctx: AuthContext, body: JsonObject) {
  requireClient(ctx, body);
  const flow = requireString(body, "AuthFlow");
  const parameters = requireObject(body, "AuthParameters");
  if (flow === "USER_SRP_AUTH") return startSrp(ctx, parameters);
  if (flow === "REFRESH_TOKEN_AUTH" || flow === "REFRESH_TOKEN") return refresh(ctx, parameters);
  throw invalidParameter(`${flow} flow not enabled for this client`);
}

/**
 * SRP step 1: answers A with the salt and B. An unknown username gets a simulated challenge
 * (stable salt and id derived from the name) that fails in step 2 exactly like a wrong password,
 * so sign-in does not reveal which emails have accounts.
 */
async function startSrp(ctx: AuthContext, parameters: JsonObject) {
  const username = requireString(parameters, "USERNAME");
  const srpA = requireString(parameters, "SRP_A");
  const A = parseHex(srpA);
  if (A === null || A % N === 0n) throw invalidParameter("SRP_A is not a valid SRP value.");

  const user = await findUser(ctx.db, username);
  if (user) assertNotLocked(user);
  const account = user ? { id: user.sub, salt: user.srp_salt, verifier: user.srp_verifier } : simulatedUser(ctx, username);
  const b = randomEphemeral();
  const secretBlock = sealSecretBlock(ctx.keys.secretBlockKey, {
    sub: user?.sub ?? "",
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

function simulatedUser(ctx: AuthContext, username: string) {
  const digest = (label: string) =>
    createHmac("sha256", ctx.keys.unknownUserKey).update(`${label}:${username.toLowerCase()}`).digest("hex");
  const id = digest("id");
  return {
    id: `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`,
    salt: digest("salt").slice(0, 32),
    verifier: digest("verifier"),
  };
}

/** SRP step 2: checks the client's proof of the password, then signs the user in. */
export async function respondToAuthChallenge(ctx: AuthContext, body: JsonObject) {
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
  const user = state.sub ? await findUserBySub(ctx.db, state.sub) : undefined;
  if (!user || (username !== user.sub && username.toLowerCase() !== user.email)) throw notAuthorized();
  assertNotLocked(user);

  const expected = expectedSignature({
    poolName: ctx.poolName,
    userId: user.sub,
    A: BigInt(`0x${state.A}`),
    b: BigInt(`0x${state.b}`),
    verifierHex: user.srp_verifier,
    secretBlock,
    timestamp,
  });
  const given = Buffer.from(signature, "base64");
  if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await refuseWrongPassword(ctx, user.sub);
  }
  await clearFailedPasswords(ctx, user);
  // Only after the password proved right, as Cognito does: the console then resends the code.
  if (!user.confirmed) throw new AuthError("UserNotConfirmedException", "User is not confirmed.");

  const { session, refreshToken } = await startSession(ctx, user.sub);
  const tokens = await issueTokens(ctx, user, session);
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, RefreshToken: refreshToken } };
}

/** New id and access tokens for the same sign-in; no RefreshToken key, so the client keeps its own. */
async function refresh(ctx: AuthContext, parameters: JsonObject) {
  const session = await sessionForRefreshToken(ctx, requireString(parameters, "REFRESH_TOKEN"));
  const user = await findUserBySub(ctx.db, session.sub);
  if (!user?.confirmed) throw notAuthorized("Invalid Refresh Token");
  return { ChallengeParameters: {}, AuthenticationResult: await issueTokens(ctx, user, session) };
}
