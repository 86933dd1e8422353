import { request } from "node:http";

/**
 * A Cognito protocol call sent from another loopback address (Linux answers on all of
 * 127.0.0.0/8), so a test can play callers on different machines against one server.
 */
export function callFrom(localAddress: string, url: string, operation: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: Record<string, any> }>((resolve, reject) => {
    const call = request(
      url,
      {
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/x-amz-json-1.1",
          "x-amz-target": `AWSCognitoIdentityProviderService.${operation}`,
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    call.on("error", reject);
    call.end(payload);
  });
}

/** One wrong password from `localAddress`: a real challenge answered with a bogus proof. */
export async function wrongPasswordFrom(localAddress: string, authUrl: string, clientId: string, email: string) {
  const challenge = await callFrom(localAddress, authUrl, "InitiateAuth", {
    ClientId: clientId,
    AuthFlow: "USER_SRP_AUTH",
    AuthParameters: { USERNAME: email, SRP_A: "abc123" },
  });
  if (challenge.status !== 200) return challenge;
  return callFrom(localAddress, authUrl, "RespondToAuthChallenge", {
    ClientId: clientId,
    ChallengeName: "PASSWORD_VERIFIER",
    ChallengeResponses: {
      USERNAME: challenge.body.ChallengeParameters.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: challenge.body.ChallengeParameters.SECRET_BLOCK,
      PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 7).toString("base64"),
      TIMESTAMP: "Mon Jan 6 10:00:00 UTC 2025",
    },
  });
}
