import { expect, vi } from "vitest";
import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool, type CognitoUserSession } from "amazon-cognito-identity-js";
import type { SchemaModel } from "../../../src/domain/model";
import { TEST_PASSWORD, type TestPlatform } from "../harness";

/** A project published with user-pool auth, and the pieces its tests call it with (through real HTTP). */
export interface PoolProject {
  apiId: string;
  poolId: string;
  clientId: string;
  pool: CognitoUserPool;
}

const API_FIELDS = `authProviderType authProviderPoolId authProviderClientId authProviderUrl`;

/** Saves the model with user-pool auth, publishes it and waits until it is live. */
export async function publishUserPoolProject(t: TestPlatform, ownerToken: string, orgId: string, name: string, model: SchemaModel): Promise<PoolProject> {
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name } }, ownerToken);
  const apiId = created.data.createApi.api.id as string;
  const saved = await t.graphql(
    `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`,
    { input: { id: apiId, schema: JSON.stringify(model), defaultAuthMode: "aws_cognito_user_pools" } },
    ownerToken,
  );
  expect(saved.errors).toBeUndefined();
  // Spec §3: the pool's ids exist from the first publish on.
  const before = await t.graphql(`query ($id: ID!) { api(id: $id) { ${API_FIELDS} } }`, { id: apiId }, ownerToken);
  expect(before.data.api).toEqual({ authProviderType: null, authProviderPoolId: null, authProviderClientId: null, authProviderUrl: null });
  const published = await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, { input: { apiId } }, ownerToken);
  expect(published.errors).toBeUndefined();
  // beforeAll cannot use expect.poll.
  const api: Record<string, string> = await vi.waitFor(
    async () => {
      const read = (await t.graphql(`query ($id: ID!) { api(id: $id) { state ${API_FIELDS} } }`, { id: apiId }, ownerToken)).data.api;
      if (read.state !== "PUBLISHED") throw new Error(`still ${read.state}`);
      return read;
    },
    { timeout: 15_000, interval: 20 },
  );
  return {
    apiId,
    poolId: api.authProviderPoolId,
    clientId: api.authProviderClientId,
    pool: new CognitoUserPool({ UserPoolId: api.authProviderPoolId, ClientId: api.authProviderClientId, endpoint: api.authProviderUrl }),
  };
}

/** POST to the project's endpoint with a bearer token (a member's or a project user's), or an API key. */
export async function callProject(t: TestPlatform, project: PoolProject, query: string, variables: Record<string, unknown>, auth: { token?: string; apiKey?: string }) {
  const response = await fetch(`${t.url}/p/${project.apiId}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.apiKey ? { "x-api-key": auth.apiKey } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] }) };
}

const done = <T>(run: (callback: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

/** Signs up with the unmodified amazon-cognito-identity-js and confirms with the mailed code. */
export async function signUpProjectUser(t: TestPlatform, project: PoolProject, email: string, password = TEST_PASSWORD) {
  await done((callback) => project.pool.signUp(email, password, [new CognitoUserAttribute({ Name: "email", Value: email })], [], callback));
  const code = await t.latestCode(email);
  const user = new CognitoUser({ Username: email, Pool: project.pool });
  await done((callback) => user.confirmRegistration(code, false, callback));
}

/** Signs in with SRP; the session's tokens and the user's sub. */
export async function signInProjectUser(project: PoolProject, email: string, password = TEST_PASSWORD) {
  const user = new CognitoUser({ Username: email, Pool: project.pool });
  const session = await new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), { onSuccess: resolve, onFailure: reject }),
  );
  return { user, session, sub: session.getIdToken().payload.sub as string, token: session.getAccessToken().getJwtToken() };
}

/** A refresh sent directly (the library retries a failed one for seconds): the new tokens. */
export async function refreshProjectUser(t: TestPlatform, project: PoolProject, refreshToken: string) {
  const response = await fetch(`${t.url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
    body: JSON.stringify({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: project.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { AuthenticationResult: { AccessToken: string; IdToken: string } };
  return { token: body.AuthenticationResult.AccessToken, idToken: body.AuthenticationResult.IdToken };
}
