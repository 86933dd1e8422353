import { createHash, createHmac, randomBytes } from "node:crypto";
import { N, k, modPow, padHex } from "../../server/auth/srp";

/**
 * The console's SRP sign-in (InitiateAuth USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge)
 * over the same HTTP calls, computed with Node's BigInt: amazon-cognito-identity-js does the same
 * arithmetic in a JavaScript big-number library, which made its sign-in most of a server test's
 * set-up. The auth tests (tests/server/auth/) keep driving the library itself.
 */
export interface SrpTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

/** A refused call, shaped like the library's errors: `code` is Cognito's error type. */
export class CognitoCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

export async function srpSignIn(pool: { authUrl: string; userPoolId: string; clientId: string }, email: string, password: string): Promise<SrpTokens> {
  const poolName = pool.userPoolId.split("_")[1];
  const a = toBigInt(randomBytes(32));
  const A = modPow(2n, a, N);
  const started = await call(pool.authUrl, "InitiateAuth", {
    AuthFlow: "USER_SRP_AUTH",
    ClientId: pool.clientId,
    AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
  });
  const challenge = started.ChallengeParameters as Record<string, string>;
  const B = BigInt(`0x${challenge.SRP_B}`);
  const userId = challenge.USER_ID_FOR_SRP;
  const u = toBigInt(hexHash(padHex(A) + padHex(B)));
  const x = toBigInt(hexHash(padHex(BigInt(`0x${challenge.SALT}`)) + sha256(`${poolName}${userId}:${password}`).toString("hex")));
  const S = modPow((((B - k * modPow(2n, x, N)) % N) + N) % N, a + u * x, N);
  const prk = createHmac("sha256", Buffer.from(padHex(u), "hex")).update(Buffer.from(padHex(S), "hex")).digest();
  const key = createHmac("sha256", prk)
    .update(Buffer.concat([Buffer.from("Caldera Derived Key", "utf8"), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
  const timestamp = cognitoTimestamp(new Date());
  const signature = createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(poolName + userId, "utf8"), Buffer.from(challenge.SECRET_BLOCK, "base64"), Buffer.from(timestamp, "utf8")]))
    .digest("base64");
  const answered = await call(pool.authUrl, "RespondToAuthChallenge", {
    ChallengeName: "PASSWORD_VERIFIER",
    ClientId: pool.clientId,
    ChallengeResponses: { USERNAME: userId, PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
  });
  return answered.AuthenticationResult as SrpTokens;
}

async function call(authUrl: string, operation: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(authUrl, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new CognitoCallError(String(answer.__type), String(answer.message));
  return answer;
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const hexHash = (hex: string) => sha256(Buffer.from(hex, "hex"));
const toBigInt = (bytes: Buffer) => BigInt(`0x${bytes.toString("hex") || "0"}`);

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (value: number) => String(value).padStart(2, "0");

/** The library's `ddd MMM D HH:mm:ss UTC YYYY`, the day not zero-padded. */
function cognitoTimestamp(now: Date): string {
  const time = `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`;
  return `${DAYS[now.getUTCDay()]} ${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()} ${time} UTC ${now.getUTCFullYear()}`;
}
