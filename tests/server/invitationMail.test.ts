// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { expectOk, Q } from "./orgAreaFixtures";
import type { OutgoingMail } from "../../server/mail/mailer";

/*
 * "the invitation mail goes out as a job with retries, and a mail failure no longer
 * deletes the role."
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

async function ownerWithOrg(name: string) {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = expectOk(await t.graphql(Q.createOrg, { input: { name } }, owner.token)).createOrg.org;
  return { ...owner, orgId: org.id as string };
}

const memberEmails = async (orgId: string, token: string) =>
  expectOk(await t.graphql(Q.roles, { orgId }, token)).rolesByOrg.edges.map(({ node }: { node: { userEmail: string } }) => node.userEmail);

/** A retry of an earlier test's job may pass the same spy: count the calls for one address. */
const attemptsTo = (send: { mock: { calls: [OutgoingMail][] } }, email: string) => send.mock.calls.filter(([mail]) => mail.to === email).length;

describe("the invitation mail", () => {
  it("still arrives when the mail server fails once", async () => {
    const owner = await ownerWithOrg("Retry Co");
    const send = vi.spyOn(t.platform.mailer, "send").mockRejectedValueOnce(new Error("SMTP connection refused"));
    const invitee = uniqueEmail("retry");
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.orgId, userEmail: invitee, type: "DEV" } }, owner.token));
    const [mail] = await t.awaitMailsTo(invitee);
    expect(mail.subject).toBe("You are invited to Retry Co on Baukasten");
    expect(attemptsTo(send, invitee)).toBe(2);
    expect(await t.mailsTo(invitee)).toHaveLength(1);
  });

  it("leaves the invitation in place while mail is down", async () => {
    const owner = await ownerWithOrg("Offline Co");
    const send = vi.spyOn(t.platform.mailer, "send").mockRejectedValue(new Error("SMTP connection refused"));
    const invitee = uniqueEmail("offline");
    const result = await t.graphql(Q.createRole, { input: { orgId: owner.orgId, userEmail: invitee, type: "GUEST" } }, owner.token);
    expect(result.errors).toBeUndefined();
    await vi.waitFor(() => expect(attemptsTo(send, invitee)).toBe(1));
    expect(await memberEmails(owner.orgId, owner.token)).toContain(invitee);
  });

  it("is not sent to someone removed before it went out", async () => {
    const owner = await ownerWithOrg("Changed Mind Co");
    const send = vi.spyOn(t.platform.mailer, "send").mockRejectedValueOnce(new Error("SMTP connection refused"));
    const invitee = uniqueEmail("removed");
    const { role } = expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.orgId, userEmail: invitee, type: "GUEST" } }, owner.token)).createRole;
    await vi.waitFor(() => expect(attemptsTo(send, invitee)).toBe(1));
    expectOk(await t.graphql(`mutation ($input: DeleteRoleInput!) { deleteRole(input: $input) { id } }`, { input: { id: role.id } }, owner.token));
    // The retry comes about two seconds after the failure; it finds the role gone.
    const job = async () =>
      (await t.platform.db.selectFrom("jobs").select(["state", "payload"]).execute()).find((row) => (row.payload as { roleId?: string }).roleId === role.id);
    await vi.waitFor(async () => expect((await job())?.state).toBe("DONE"), { timeout: 10_000, interval: 100 });
    expect(await t.mailsTo(invitee)).toEqual([]);
  });
});
