import { expect } from "vitest";
import type { TestPlatform } from "./harness";
import { uniqueEmail } from "./harness";
import { insertInvoice } from "../../server/billing/store";
import { insertRole } from "../../server/role/store";
import type { RoleType } from "../../src/domain/permissions";

/** The calls of the organisation area, as the console sends them. */
export const Q = {
  createOrg: `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id name } role { id } } }`,
  org: `query ($id: ID!) { org(id: $id) { id name dataProcessingCategories viewerCanManageOrg viewerCanManageUsers viewerCanDeleteOrg
    billingAccount { id name billingAddress vatId invoices(first: 100) { totalCount } } } }`,
  roles: `query ($orgId: ID!) { rolesByOrg(orgId: $orgId) { totalCount edges { node { id type userEmail } } } }`,
  updateOrg: `mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id name website dataProcessingCategories } }`,
  deleteOrg: `mutation ($input: DeleteOrgInput!) { deleteOrg(input: $input) { org { id name } deleteBillingAccount { id paymentProviderId } } }`,
  createBilling: `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id name billingEmail billingAddress vatId paymentProviderId } }`,
  updateBilling: `mutation ($input: UpdateBillingAccountInput!) { updateBillingAccount(input: $input) { id name billingEmail billingAddress vatId } }`,
  createRole: `mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id type userEmail orgId } } }`,
  updateRole: `mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { id type } }`,
  deleteRole: `mutation ($input: DeleteRoleInput!) { deleteRole(input: $input) { id userEmail orgId } }`,
  invoices: `query ($id: ID!, $first: Int, $after: String) { org(id: $id) { billingAccount { invoices(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id date status amountPaid currency invoicePdf } } } } } }`,
  invoicePage: `query ($id: ID!, $first: Int, $offset: Int) { org(id: $id) { billingAccount { invoices(first: $first, offset: $offset) {
    totalCount totalPaid { currency amount } edges { node { amountPaid } } } } } }`,
  node: `query ($id: ID!) { node(id: $id) { id } }`,
};

export const address = (overrides: Record<string, string> = {}) =>
  JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstr. 1", line2: "", postalCode: "10115", ...overrides });

export const validBilling = { name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: address(), vatId: "" };

/** A GraphQL answer; its data is checked by the assertions. */
type GraphqlResult = { status: number; data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** A refused call: the code and key the console needs, never a 500. */
export function expectRefused(result: GraphqlResult, code: string, messageId?: string) {
  expect(result.status).toBeLessThan(500);
  expect(result.errors?.[0]?.extensions?.code).toBe(code);
  if (messageId) expect(result.errors?.[0]?.extensions?.messageId).toBe(messageId);
}

export function expectOk(result: GraphqlResult): any {
  expect(result.errors).toBeUndefined();
  expect(result.status).toBe(200);
  return result.data;
}

export interface Account {
  email: string;
  token: string;
}

/**
 * A workspace as the matrix needs it: the boss (owner), a second owner, an admin, a developer,
 * a billing account with two invoices; and the actor added with the role under test.
 */
export async function workspaceWith(t: TestPlatform, boss: Account, actor: Account, actorRole: RoleType) {
  const org = expectOk(await t.graphql(Q.createOrg, { input: { name: `WS ${Math.random().toString(36).slice(2, 8)}` } }, boss.token)).createOrg.org;
  const billing = expectOk(await t.graphql(Q.createBilling, { input: { orgId: org.id, ...validBilling } }, boss.token)).createBillingAccount;
  for (const date of ["2026-01-01", "2026-02-01"]) {
    await insertInvoice(t.platform.db, { billingAccountId: billing.id, date: new Date(date), status: "paid", amountPaid: 4900, currency: "eur" });
  }
  // Stored as an accepted invitation leaves them: the invitation itself (its mail, its limits) is
  // orgArea.test.ts's, and 104 workspaces of four invitations each cost more than the matrix.
  const invite = (email: string, type: RoleType) => insertRole(t.platform.db, { orgId: org.id, email, type });
  const owner2 = await invite(uniqueEmail("owner2"), "OWNER");
  const admin = await invite(uniqueEmail("admin"), "ADMIN");
  const dev = await invite(uniqueEmail("dev"), "DEV");
  // NONE cannot be given through the API; it exists only as stored data. A superuser has no role.
  if (actorRole !== "SUPERUSER") await invite(actor.email, actorRole);
  return { org, billing, owner2, admin, dev };
}

/** Everything of one workspace as stored, to show that a refused call changed nothing. */
export async function snapshot(t: TestPlatform, orgId: string) {
  const db = t.platform.db;
  const org = await db.selectFrom("orgs").selectAll().where("id", "=", orgId).executeTakeFirst();
  const roles = await db.selectFrom("roles").select(["id", "type", "user_email", "updated_at"]).where("org_id", "=", orgId).orderBy("id").execute();
  const billing = await db.selectFrom("billing_accounts").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
  const invoices = await db
    .selectFrom("invoices")
    .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
    .select("invoices.id")
    .where("billing_accounts.org_id", "=", orgId)
    .orderBy("invoices.id")
    .execute();
  const apis = await db.selectFrom("apis").select(["id", "name"]).where("org_id", "=", orgId).orderBy("id").execute();
  return JSON.stringify({ org, roles, billing, invoices, apis });
}
