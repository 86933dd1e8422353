// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, untilListening, type TestPlatform } from "./harness";
import { address, expectOk, expectRefused, Q, snapshot, validBilling, type Account } from "./orgAreaFixtures";
import { insertInvoice } from "../../server/billing/store";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

async function ownerWithOrg(name = "Acme") {
  const owner = await t.signUp(uniqueEmail("owner"));
  const created = expectOk(await t.graphql(Q.createOrg, { input: { name } }, owner.token)).createOrg;
  const billing = expectOk(await t.graphql(Q.createBilling, { input: { orgId: created.org.id, ...validBilling } }, owner.token)).createBillingAccount;
  return { ...owner, org: created.org, roleId: created.role.id as string, billing };
}

/** Invitation mails go out from a job, just after createRole answers. */
async function mailsTo(email: string) {
  return t.awaitMailsTo(email);
}

describe("invitations", () => {
  it("mails the invitee a link; signing up with that address finds the workspace with the role", async () => {
    const owner = await ownerWithOrg("Team Co");
    const invitee = uniqueEmail("invitee");
    const { role } = expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: `  ${invitee.toUpperCase()} `, type: "DEV", locale: "de" } }, owner.token)).createRole;
    expect(role).toMatchObject({ type: "DEV", userEmail: invitee, orgId: owner.org.id });

    const [mail] = await mailsTo(invitee);
    expect(mail.subject).toBe("Einladung zu Team Co bei Baukasten");
    expect(mail.text).toContain(owner.email);
    expect(mail.text).toContain("Entwickler");
    expect(mail.text).toContain(`${t.url}/signup?email=${encodeURIComponent(invitee)}&lang=de`);

    const member = await t.signUp(invitee);
    const { viewer } = expectOk(await t.graphql(`{ viewer { roles { edges { node { type org { id name } } } } } }`, {}, member.token));
    expect(viewer.roles.edges).toEqual([{ node: { type: "DEV", org: { id: owner.org.id, name: "Team Co" } } }]);
    const { org } = expectOk(await t.graphql(Q.org, { id: owner.org.id }, member.token));
    expect(org).toMatchObject({ name: "Team Co", viewerCanManageOrg: false, viewerCanManageUsers: false });
  });

  it("writes the mail in English when the inviter's console is English or says nothing", async () => {
    const owner = await ownerWithOrg("English Co");
    const invitee = uniqueEmail("en");
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: invitee, type: "GUEST" } }, owner.token));
    const [mail] = await mailsTo(invitee);
    expect(mail.subject).toBe("You are invited to English Co on Baukasten");
    expect(mail.text).toContain("as Guest");
  });

  it("refuses inviting an address that already has a role, and sends no second mail", async () => {
    const owner = await ownerWithOrg();
    const invitee = uniqueEmail("twice");
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: invitee, type: "GUEST" } }, owner.token));
    const before = await snapshot(t, owner.org.id);
    const again = await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: invitee.toUpperCase(), type: "ADMIN" } }, owner.token);
    expectRefused(again, "CONFLICT", "error_user_mgt_already_member");
    const self = await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: owner.email, type: "GUEST" } }, owner.token);
    expectRefused(self, "CONFLICT", "error_user_mgt_already_member");
    expect(await snapshot(t, owner.org.id)).toBe(before);
    expect(await mailsTo(invitee)).toHaveLength(1);
  });

  it("refuses an email that is empty or not an address, and a role that cannot be chosen", async () => {
    const owner = await ownerWithOrg();
    const before = await snapshot(t, owner.org.id);
    for (const userEmail of ["", "   ", "not-an-email", "a@b", "x@@example.com", `${"a".repeat(250)}@example.com`]) {
      const result = await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail, type: "DEV" } }, owner.token);
      expectRefused(result, "BAD_USER_INPUT", "global_email_error_format_email");
    }
    const noRole = await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: uniqueEmail(), type: "NONE" } }, owner.token);
    expectRefused(noRole, "BAD_USER_INPUT", "global_org_invite_form_error");
    const unknownRole = await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: uniqueEmail(), type: "BOSS" } }, owner.token);
    expect(unknownRole.status).toBeLessThan(500);
    expect(unknownRole.errors?.length).toBeGreaterThan(0);
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });
});

describe("removing and changing members", () => {
  it("says 'You can't remove yourself.' and keeps the role", async () => {
    const owner = await ownerWithOrg();
    const before = await snapshot(t, owner.org.id);
    const result = await t.graphql(Q.deleteRole, { input: { id: owner.roleId } }, owner.token);
    expectRefused(result, "FORBIDDEN", "error_user_mgt_cant_remove_self");
    expect(result.errors?.[0].message).toBe("You can't remove yourself.");
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });

  it("lets only an owner remove an owner", async () => {
    const owner = await ownerWithOrg();
    const admin = await t.signUp(uniqueEmail("admin"));
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: admin.email, type: "ADMIN" } }, owner.token));
    const before = await snapshot(t, owner.org.id);
    const result = await t.graphql(Q.deleteRole, { input: { id: owner.roleId } }, admin.token);
    expectRefused(result, "FORBIDDEN", "error_user_mgt_cant_remove_owner");
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });

  it("refuses a role id that does not exist with NOT_FOUND, not a 500", async () => {
    const owner = await ownerWithOrg();
    expectRefused(await t.graphql(Q.deleteRole, { input: { id: "role_nope" } }, owner.token), "NOT_FOUND");
    expectRefused(await t.graphql(Q.updateRole, { input: { id: "role_nope", type: "DEV" } }, owner.token), "NOT_FOUND");
  });

  it("pushes invitations, role changes and removals to the workspace's subscribers, and ends a removed member's subscription", async () => {
    const owner = await ownerWithOrg();
    const member = await t.signUp(uniqueEmail("member"));
    const { role } = expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: member.email, type: "GUEST" } }, owner.token)).createRole;
    const listen = (account: Account) =>
      t.subscribe<{ onRoleChangedInOrg: { change: string; role: { id: string; type: string }; createdRole: { id: string } | null; deletedRoleId: string | null } }>(
        account.token,
        `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change role { id type userEmail } createdRole { id } deletedRoleId } }`,
        { orgId: owner.org.id },
      );
    const ownerSide = listen(owner);
    const memberSide = listen(member);
    // Invitations of made-up addresses until both sides hear one: then both are listening.
    await untilListening(
      (probe) => t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: `${probe}@example.com`, type: "SUPPORT" } }, owner.token),
      ownerSide,
      memberSide,
    );
    const events = (side: typeof ownerSide) => side.results.map((result) => result.data!.onRoleChangedInOrg);

    const invited = expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: uniqueEmail("third"), type: "SUPPORT" } }, owner.token)).createRole.role;
    expectOk(await t.graphql(Q.updateRole, { input: { id: role.id, type: "CONTENT" } }, owner.token));
    expectOk(await t.graphql(Q.deleteRole, { input: { id: role.id } }, owner.token));
    // The removed member hears of their own removal, and then nothing more.
    expect(await memberSide.ended).toBeUndefined();
    expectOk(await t.graphql(Q.deleteRole, { input: { id: invited.id } }, owner.token));
    await expect.poll(() => ownerSide.results.length).toBe(4);

    expect(events(ownerSide).map((event) => [event.change, event.role.id, event.role.type])).toEqual([
      ["CREATED", invited.id, "SUPPORT"],
      ["UPDATED", role.id, "CONTENT"],
      ["DELETED", role.id, "CONTENT"],
      ["DELETED", invited.id, "SUPPORT"],
    ]);
    expect(events(memberSide).map((event) => event.change)).toEqual(["CREATED", "UPDATED", "DELETED"]);
    // What a members list appends and drops, for the console's @appendNode and @deleteEdge.
    expect(events(ownerSide).map((event) => [event.createdRole?.id ?? null, event.deletedRoleId])).toEqual([
      [invited.id, null],
      [null, null],
      [null, role.id],
      [null, invited.id],
    ]);
    await ownerSide.close();
  });
});

describe("member count", () => {
  it("counts every role of the workspace, open invitations included, as invitations and removals change it", async () => {
    const owner = await ownerWithOrg();
    const count = `mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id org { memberCount } } } }`;
    const invited = expectOk(await t.graphql(count, { input: { orgId: owner.org.id, userEmail: uniqueEmail("count"), type: "DEV" } }, owner.token)).createRole.role;
    expect(invited.org.memberCount).toBe(2);
    const removed = expectOk(
      await t.graphql(`mutation ($input: DeleteRoleInput!) { deleteRole(input: $input) { org { memberCount } } }`, { input: { id: invited.id } }, owner.token),
    ).deleteRole;
    expect(removed.org.memberCount).toBe(1);
  });
});

describe("workspace settings", () => {
  it("stores the name trimmed and the data-processing record as a JSON string", async () => {
    const owner = await ownerWithOrg();
    const record = { dataCategories: "names, emails", subjectCategories: "customers" };
    const { updateOrg } = expectOk(await t.graphql(Q.updateOrg, { input: { id: owner.org.id, name: "  New Name ", dataProcessingCategories: JSON.stringify(record) } }, owner.token));
    expect(updateOrg.name).toBe("New Name");
    expect(JSON.parse(updateOrg.dataProcessingCategories)).toEqual(record);
  });

  it("refuses a blank name and a malformed record, storing nothing", async () => {
    const owner = await ownerWithOrg();
    const before = await snapshot(t, owner.org.id);
    expectRefused(await t.graphql(Q.updateOrg, { input: { id: owner.org.id, name: "   " } }, owner.token), "BAD_USER_INPUT", "error_org_requires_name");
    expectRefused(await t.graphql(Q.updateOrg, { input: { id: owner.org.id, name: "x".repeat(256) } }, owner.token), "BAD_USER_INPUT", "error_org_requires_name");
    for (const dataProcessingCategories of ["{nope", "[]", JSON.stringify({ dataCategories: 1, subjectCategories: "" }), JSON.stringify({ dataCategories: "x".repeat(10_001), subjectCategories: "" })]) {
      const result = await t.graphql(Q.updateOrg, { input: { id: owner.org.id, name: "Valid", dataProcessingCategories } }, owner.token);
      expectRefused(result, "BAD_USER_INPUT", "error_org_data_processing_invalid");
    }
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });
});

describe("the workspace website (spec §5)", () => {
  it("is stored trimmed, cleared with an empty text, and a non-URL is refused storing nothing", async () => {
    const owner = await ownerWithOrg();
    const set = (website: string) => t.graphql(Q.updateOrg, { input: { id: owner.org.id, website } }, owner.token);
    expect(expectOk(await set("  https://acme.example/shop ")).updateOrg.website).toBe("https://acme.example/shop");
    const before = await snapshot(t, owner.org.id);
    for (const website of ["acme.example", "https://acme example", 'https://"acme"', "javascript:alert(1)", `https://${"a".repeat(2050)}`]) {
      expectRefused(await set(website), "BAD_USER_INPUT", "error_org_website_invalid");
    }
    expect(await snapshot(t, owner.org.id)).toBe(before);
    expect(expectOk(await set("")).updateOrg.website).toBeNull();
  });
});

describe("billing details", () => {
  const save = (account: Awaited<ReturnType<typeof ownerWithOrg>>, input: Record<string, unknown>) =>
    t.graphql(Q.updateBilling, { input: { id: account.billing.id, ...validBilling, ...input } }, account.token);

  it("checks in the spec's order: name, email, country, address, VAT id — and stores nothing", async () => {
    const owner = await ownerWithOrg();
    const before = await snapshot(t, owner.org.id);
    const empty = { country: "", line1: "", postalCode: "", city: "" };
    const steps: [Record<string, unknown>, string][] = [
      [{ name: " ", billingEmail: "", billingAddress: address(empty) }, "error_billing_requires_company_name"],
      [{ billingEmail: "", billingAddress: address(empty) }, "error_billing_requires_email"],
      [{ billingEmail: "not-an-email", billingAddress: address(empty) }, "error_billing_requires_email"],
      [{ billingAddress: address(empty) }, "error_billing_requires_country"],
      [{ billingAddress: address({ country: "XX" }) }, "error_billing_requires_country"],
      [{ billingAddress: "{broken json" }, "error_billing_requires_country"],
      [{ billingAddress: address({ country: "FR", line1: "", postalCode: "", city: "" }) }, "error_billing_requires_address"],
      [{ billingAddress: address({ country: "FR", line1: "1 rue", postalCode: "", city: "Paris" }) }, "error_billing_requires_address"],
      [{ billingAddress: address({ country: "FR", line1: "1 rue", postalCode: "75001", city: " " }) }, "error_billing_requires_address"],
      [{ billingAddress: address({ country: "FR", line1: "1 rue", postalCode: "75001", city: "Paris" }), vatId: " " }, "error_billing_requires_vat_id"],
      [{ name: "x".repeat(256) }, "error_billing_requires_company_name"],
      [{ billingAddress: address({ city: "x".repeat(256) }) }, "error_billing_requires_address"],
    ];
    for (const [input, messageId] of steps) {
      expectRefused(await save(owner, input), "BAD_USER_INPUT", messageId);
      expectRefused(await t.graphql(Q.createBilling, { input: { orgId: owner.org.id, ...validBilling, ...input } }, owner.token), "BAD_USER_INPUT", messageId);
    }
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });

  it("needs no VAT id in Germany or outside the EU, and keeps line2 optional", async () => {
    const owner = await ownerWithOrg();
    for (const country of ["DE", "US", "CH"]) {
      const saved = expectOk(await save(owner, { billingAddress: JSON.stringify({ country, city: "C", line1: "L1", postalCode: "1" }) })).updateBillingAccount;
      expect(JSON.parse(saved.billingAddress)).toEqual({ country, city: "C", line1: "L1", line2: "", postalCode: "1" });
      expect(saved.vatId).toBeNull();
    }
    const fr = expectOk(await save(owner, { billingAddress: address({ country: "FR" }), vatId: " FR123 " })).updateBillingAccount;
    expect(fr.vatId).toBe("FR123");
  });

  it("keeps one billing account per workspace: a create updates the existing one", async () => {
    const owner = await ownerWithOrg();
    const created = expectOk(await t.graphql(Q.createBilling, { input: { orgId: owner.org.id, ...validBilling, name: "Second" } }, owner.token)).createBillingAccount;
    expect(created.id).toBe(owner.billing.id);
    const { org } = expectOk(await t.graphql(Q.org, { id: owner.org.id }, owner.token));
    expect(org.billingAccount.name).toBe("Second");
  });

  it("never lets the caller set the payment provider id", async () => {
    const owner = await ownerWithOrg();
    const upsert = `mutation ($input: UpsertBillingAccountInput!) { upsertBillingAccount(input: $input) { paymentProviderId } }`;
    const result = expectOk(await t.graphql(upsert, { input: { orgId: owner.org.id, name: "X", billingEmail: owner.email, paymentProviderId: "cus_someoneelse" } }, owner.token));
    expect(result.upsertBillingAccount.paymentProviderId).toBe("");
  });
});

describe("invoices", () => {
  it("pages the billing account's invoices newest first, with a total count", async () => {
    const owner = await ownerWithOrg();
    for (let month = 1; month <= 7; month++) {
      await insertInvoice(t.platform.db, {
        billingAccountId: owner.billing.id,
        date: new Date(Date.UTC(2026, month - 1, 1)),
        status: month === 7 ? "open" : "paid",
        amountPaid: month * 1000,
        currency: "eur",
        invoicePdf: `https://pay.example/inv-${month}.pdf`,
      });
    }
    const first = expectOk(await t.graphql(Q.invoices, { id: owner.org.id, first: 5 }, owner.token)).org.billingAccount.invoices;
    expect(first.totalCount).toBe(7);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges.map((edge: { node: { amountPaid: number } }) => edge.node.amountPaid)).toEqual([7000, 6000, 5000, 4000, 3000]);
    expect(first.edges[0].node).toMatchObject({ status: "open", currency: "eur", invoicePdf: "https://pay.example/inv-7.pdf" });
    // Keyset paging: a newer invoice arriving between two pages shifts nothing.
    await insertInvoice(t.platform.db, { billingAccountId: owner.billing.id, date: new Date(Date.UTC(2026, 7, 1)), status: "open", amountPaid: 8000, currency: "eur" });
    const rest = expectOk(await t.graphql(Q.invoices, { id: owner.org.id, first: 5, after: first.pageInfo.endCursor }, owner.token)).org.billingAccount.invoices;
    expect(rest.edges.map((edge: { node: { amountPaid: number } }) => edge.node.amountPaid)).toEqual([2000, 1000]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it("fetches a table's page N directly, with the count and the total paid of all invoices from the server", async () => {
    const owner = await ownerWithOrg();
    for (let day = 1; day <= 23; day++) {
      const currency = day === 23 ? "usd" : "eur";
      await insertInvoice(t.platform.db, { billingAccountId: owner.billing.id, date: new Date(Date.UTC(2026, 0, day)), status: "paid", amountPaid: day * 100, currency });
    }
    const page = async (offset: number) => expectOk(await t.graphql(Q.invoicePage, { id: owner.org.id, first: 5, offset }, owner.token)).org.billingAccount.invoices;
    const fifth = await page(20);
    // 'The table shows 5 or 20 per page' (spec §2): page 5 of 23 holds the three oldest.
    expect(fifth.edges.map((edge: { node: { amountPaid: number } }) => edge.node.amountPaid)).toEqual([300, 200, 100]);
    expect(fifth.totalCount).toBe(23);
    // Summed over every invoice, not the page: 1..22 × 100 in euros, the 23rd in dollars.
    expect(fifth.totalPaid).toEqual([
      { currency: "EUR", amount: 25_300 },
      { currency: "USD", amount: 2_300 },
    ]);
  });

  it("refuses a page offset below 0 or beyond 10,000 instead of showing another page", async () => {
    const owner = await ownerWithOrg();
    for (const offset of [-1, 10_001]) {
      expectRefused(await t.graphql(Q.invoicePage, { id: owner.org.id, first: 5, offset }, owner.token), "BAD_USER_INPUT", "error_page_offset");
    }
    expectOk(await t.graphql(Q.invoicePage, { id: owner.org.id, first: 5, offset: 10_000 }, owner.token));
  });
});

describe("deleting a workspace", () => {
  async function withProject(account: Awaited<ReturnType<typeof ownerWithOrg>>) {
    await t.platform.db
      .insertInto("apis")
      .values({ id: `api_${Math.random().toString(36).slice(2)}`, org_id: account.org.id, name: "Shop", region: "eu-central-1", state: "INITIALIZED" })
      .execute();
    await insertInvoice(t.platform.db, { billingAccountId: account.billing.id, date: new Date(), status: "paid", amountPaid: 100, currency: "eur" });
  }

  it("needs the name typed: a wrong or empty name deletes nothing", async () => {
    const owner = await ownerWithOrg("Keep Me");
    await withProject(owner);
    const before = await snapshot(t, owner.org.id);
    for (const confirmName of ["", "Keep", "keep me", "Keep Me!"]) {
      const result = await t.graphql(Q.deleteOrg, { input: { id: owner.org.id, confirmName, billingAccountId: owner.billing.id } }, owner.token);
      expectRefused(result, "BAD_USER_INPUT", "error_org_deletion_confirm");
    }
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });

  it("deletes the workspace with its roles, projects, billing account and invoices, and touches no other workspace", async () => {
    const owner = await ownerWithOrg("Doomed");
    await withProject(owner);
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: uniqueEmail("m"), type: "DEV" } }, owner.token));
    const other = await ownerWithOrg("Survivor");
    await withProject(other);
    const otherBefore = await snapshot(t, other.org.id);

    const { deleteOrg } = expectOk(
      await t.graphql(Q.deleteOrg, { input: { id: owner.org.id, confirmName: "  Doomed ", billingAccountId: owner.billing.id } }, owner.token),
    );
    expect(deleteOrg).toEqual({ org: { id: owner.org.id, name: "Doomed" }, deleteBillingAccount: { id: owner.billing.id, paymentProviderId: "" } });
    expect(JSON.parse(await snapshot(t, owner.org.id))).toEqual({ roles: [], billing: [], invoices: [], apis: [] });
    expect(await snapshot(t, other.org.id)).toBe(otherBefore);
    const { viewer } = expectOk(await t.graphql(`{ viewer { roles { totalCount } } }`, {}, owner.token));
    expect(viewer.roles.totalCount).toBe(0);
  });

  it("refuses an admin with the owner-only message", async () => {
    const owner = await ownerWithOrg("Admin Try");
    const admin = await t.signUp(uniqueEmail("admin"));
    expectOk(await t.graphql(Q.createRole, { input: { orgId: owner.org.id, userEmail: admin.email, type: "ADMIN" } }, owner.token));
    const before = await snapshot(t, owner.org.id);
    const result = await t.graphql(Q.deleteOrg, { input: { id: owner.org.id, confirmName: "Admin Try" } }, admin.token);
    expectRefused(result, "FORBIDDEN", "error_org_deletion_requires_role");
    expect(result.errors?.[0].message).toBe("Only account owners can delete workspaces.");
    expect(await snapshot(t, owner.org.id)).toBe(before);
  });
});

describe("another workspace's ids", () => {
  it("refuses a member of workspace A everything of workspace B, and changes nothing in either", async () => {
    const a = await ownerWithOrg("A");
    const b = await ownerWithOrg("B");
    await insertInvoice(t.platform.db, { billingAccountId: b.billing.id, date: new Date(), status: "paid", amountPaid: 100, currency: "eur" });
    const bMember = expectOk(await t.graphql(Q.createRole, { input: { orgId: b.org.id, userEmail: uniqueEmail("b"), type: "DEV" } }, b.token)).createRole.role;
    const [invoice] = await t.platform.db.selectFrom("invoices").select("id").where("billing_account_id", "=", b.billing.id).execute();
    const beforeA = await snapshot(t, a.org.id);
    const beforeB = await snapshot(t, b.org.id);

    const refusals = [
      t.graphql(Q.org, { id: b.org.id }, a.token),
      t.graphql(Q.roles, { orgId: b.org.id }, a.token),
      t.graphql(Q.updateOrg, { input: { id: b.org.id, name: "Taken" } }, a.token),
      t.graphql(Q.deleteOrg, { input: { id: b.org.id, confirmName: "B" } }, a.token),
      t.graphql(Q.createRole, { input: { orgId: b.org.id, userEmail: uniqueEmail(), type: "OWNER" } }, a.token),
      t.graphql(Q.updateRole, { input: { id: bMember.id, type: "OWNER" } }, a.token),
      t.graphql(Q.updateRole, { input: { id: b.roleId, lastSignInAt: new Date().toISOString() } }, a.token),
      t.graphql(Q.deleteRole, { input: { id: bMember.id } }, a.token),
      t.graphql(Q.createBilling, { input: { orgId: b.org.id, ...validBilling } }, a.token),
      t.graphql(Q.updateBilling, { input: { id: b.billing.id, ...validBilling } }, a.token),
      // Deleting one's own workspace with another's billing account id touches neither.
      t.graphql(Q.deleteOrg, { input: { id: a.org.id, confirmName: "A", billingAccountId: b.billing.id } }, a.token),
    ];
    for (const result of await Promise.all(refusals)) expectRefused(result, "FORBIDDEN");
    for (const id of [b.org.id, b.billing.id, bMember.id, invoice.id]) {
      expect(expectOk(await t.graphql(Q.node, { id }, a.token)).node).toBeNull();
    }
    expect(await snapshot(t, a.org.id)).toBe(beforeA);
    expect(await snapshot(t, b.org.id)).toBe(beforeB);
  });

  it("refuses a subscription to another workspace's roles", async () => {
    const a = await ownerWithOrg("A");
    const b = await ownerWithOrg("B");
    const subscription = t.subscribe(a.token, `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change } }`, { orgId: b.org.id });
    const error = await subscription.ended;
    expect(JSON.stringify(error)).toContain("FORBIDDEN");
  });
});
