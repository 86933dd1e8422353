// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

/*
 * updateOrg checks the caller's role inside its UPDATE. Outsiders must still hear
 * FORBIDDEN whatever they send — an invalid name included, so they learn nothing about the
 * workspace — and change nothing.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const UPDATE = `mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id name } }`;

describe("updateOrg refusals", () => {
  it("refuses an outsider with FORBIDDEN, for a valid and an invalid name, and keeps the name", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const outsider = await t.signUp(uniqueEmail("outsider"));
    const created = await t.graphql(`mutation { createOrg(input: { name: "Acme" }) { org { id } } }`, {}, owner.token);
    const id = created.data.createOrg.org.id;
    for (const name of ["Taken over", "   "]) {
      const { errors } = await t.graphql(UPDATE, { input: { id, name } }, outsider.token);
      expect(errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    expect((await t.graphql(`query ($id: ID!) { org(id: $id) { name } }`, { id }, owner.token)).data.org.name).toBe("Acme");
    // The owner is told what is wrong with the name.
    const { errors } = await t.graphql(UPDATE, { input: { id, name: "   " } }, owner.token);
    expect(errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_org_requires_name" });
  });
});
