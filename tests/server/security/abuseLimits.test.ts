// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../harness";
import { rawCall, startAuthServer, type AuthServer } from "../auth/harness";
import { callFrom } from "./fromAddress";
import { INVITATION_MAIL_JOB } from "../../../server/role/invitationMail";

/*
 * "One member sent 50 invitations to address aliases in 300 ms (50 mails); one user
 * created 200 workspaces in 0.6 s. … A caller over a limit gets extensions.code RATE_LIMITED with
 * a localized message (en, de) and nothing is written or sent."
 */
describe("workspace limits", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({
      LIMITS: "invitationsPerWorkspacePerHour=3,pendingInvitationsPerWorkspace=5,workspacesPerUser=2",
    });
  });
  afterAll(() => platform.close());

  const createOrg = (token: string, name: string) =>
    platform.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name } }, token);
  const invite = (token: string, orgId: string, userEmail: string) =>
    platform.graphql(
      `mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id } } }`,
      { input: { orgId, userEmail, type: "DEV" } },
      token,
    );
  const mailCount = async () => Number((await platform.platform.db.selectFrom("mails").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);

  it("refuses a workspace beyond the limit per user, and creates nothing", async () => {
    const { token } = await platform.signUp("founder@example.com");
    expect((await createOrg(token, "One")).errors).toBeUndefined();
    expect((await createOrg(token, "Two")).errors).toBeUndefined();
    const third = await createOrg(token, "Three");
    expect(third.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", messageId: "error_rate_limited_workspaces" });
    const owned = await platform.platform.db.selectFrom("roles").select("org_id").where("user_email", "=", "founder@example.com").execute();
    expect(owned).toHaveLength(2);
  });

  it("refuses invitations beyond the hourly limit of a workspace, and mails nobody", async () => {
    const { token } = await platform.signUp("inviter@example.com");
    const orgId = (await createOrg(token, "Inviting")).data!.createOrg.org.id as string;
    for (let i = 0; i < 3; i++) expect((await invite(token, orgId, `alias+${i}@example.com`)).errors).toBeUndefined();
    // The three invitation mails go out from a job: count once they are all sent.
    for (let i = 0; i < 3; i++) await platform.awaitMailsTo(`alias+${i}@example.com`);
    const mails = await mailCount();
    const fourth = await invite(token, orgId, "alias+3@example.com");
    expect(fourth.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", messageId: "error_rate_limited_invitations" });
    // Nothing is waiting to mail the refused one either.
    const mailJobs = await platform.platform.db.selectFrom("jobs").select("payload").where("kind", "=", INVITATION_MAIL_JOB).execute();
    expect(mailJobs).toHaveLength(3);
    expect(await mailCount()).toBe(mails);
    const roles = await platform.platform.db.selectFrom("roles").select("id").where("org_id", "=", orgId).execute();
    expect(roles).toHaveLength(4); // the owner and three invitations
  });

  it("refuses invitations beyond the pending ones a workspace may have", async () => {
    const { token } = await platform.signUp("pending@example.com");
    const orgId = (await createOrg(token, "Pending")).data!.createOrg.org.id as string;
    // The owner has not recorded a sign-in yet either, so four invitations make five pending roles;
    // the hourly count is cleared in between, as if an hour had passed.
    for (let i = 0; i < 4; i++) {
      await platform.platform.db.deleteFrom("rate_limits").execute();
      expect((await invite(token, orgId, `open+${i}@example.com`)).errors).toBeUndefined();
    }
    await platform.platform.db.deleteFrom("rate_limits").execute();
    const refused = await invite(token, orgId, "open+4@example.com");
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", messageId: "error_rate_limited_pending_invitations" });
  });
});

describe("sign-up and code mail limits", () => {
  let server: AuthServer;
  beforeAll(async () => {
    server = await startAuthServer({ limits: "signUpsPerSourcePerHour=3,codeMailsPerSourcePerHour=5" });
  });
  afterAll(() => server.close());

  const signUpFrom = (address: string, email: string) =>
    callFrom(address, server.authUrl, "SignUp", {
      ClientId: server.config.cognito.clientId,
      Username: email,
      Password: "Winter2024y",
      UserAttributes: [{ Name: "email", Value: email }],
    });

  it("refuses sign-ups beyond the hourly limit of a source address, and mails nothing", async () => {
    for (let i = 0; i < 3; i++) expect((await signUpFrom("127.0.0.20", `bulk${i}@example.com`)).status).toBe(200);
    const refused = await signUpFrom("127.0.0.20", "bulk3@example.com");
    expect(refused.body.__type).toBe("LimitExceededException");
    expect(await server.db.selectFrom("auth_users").select("sub").where("email", "=", "bulk3@example.com").execute()).toHaveLength(0);
    expect(await server.db.selectFrom("mails").select("id").where("recipient", "=", "bulk3@example.com").execute()).toHaveLength(0);
    // Another address is not affected.
    expect((await signUpFrom("127.0.0.21", "bulk3@example.com")).status).toBe(200);
  });

  it("refuses code mails to many addresses from one source beyond the hourly limit", async () => {
    const forgot = (email: string) =>
      callFrom("127.0.0.22", server.authUrl, "ForgotPassword", { ClientId: server.config.cognito.clientId, Username: email });
    for (let i = 0; i < 5; i++) expect((await forgot(`spray${i}@example.com`)).status).toBe(200);
    expect((await forgot("spray5@example.com")).body.__type).toBe("LimitExceededException");
    expect((await rawCall(server, "ForgotPassword", { ClientId: server.config.cognito.clientId, Username: "spray5@example.com" })).status).toBe(200);
  });
});
