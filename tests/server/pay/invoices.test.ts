// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { billDuePeriods } from "../../../server/pay/builtIn";
import { readSeller } from "../../../server/pay/seller";
import { pdfText } from "./pdfText";

/**
 * Issue: the invoice PDF had no plan, period, lines, tax or seller. Each invoice is now drawn from
 * what it was issued with: seller (configuration), buyer (billing account), a line per product and
 * period, VAT by the buyer's country, totals, and a gap-free number, in the buyer's language.
 */
const SELLER_ENV = {
  SELLER_NAME: "Baukasten Cloud GmbH",
  SELLER_ADDRESS: "Werkstraße 7, 20457 Hamburg, Deutschland",
  SELLER_VAT_ID: "DE123456789",
  INVOICE_NUMBER_PREFIX: "BKT",
};
// The hourly upkeep bills with the configured seller; the tests run that billing themselves.
const seller = readSeller(SELLER_ENV);
const billAt = (date: Date) => t.platform.db.transaction().execute((tx) => billDuePeriods(tx, date, seller));

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform(SELLER_ENV);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;
const INVOICES = `query ($id: ID!) { org(id: $id) { billingAccount { invoices { edges { node { id amountPaid currency status invoicePdf } } } } } }`;

async function payingWorkspace(address: Record<string, string>, vatId: string | null, bundleType: string, billingInterval: string) {
  const owner = await t.signUp(uniqueEmail("payer"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  const saved = await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: JSON.stringify(address), ...(vatId ? { vatId } : {}) } },
    owner.token,
  );
  expect(saved.errors).toBeUndefined();
  const checkout = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl } }`,
    { input: { apiId, bundleType, billingInterval } },
    owner.token,
  );
  const url = new URL(checkout.data.createCheckoutSession.sessionUrl);
  const paid = await fetch(`${t.url}${url.pathname}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: url.searchParams.get("token")!, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" }),
  });
  expect(paid.status).toBe(303);
  return { ...owner, orgId };
}

async function invoicesOf(owner: { token: string; orgId: string }) {
  const listed = await t.graphql(INVOICES, { id: owner.orgId }, owner.token);
  return listed.data.org.billingAccount.invoices.edges.map((edge: { node: Record<string, any> }) => edge.node);
}

async function pdfOf(owner: { token: string }, invoicePdf: string) {
  const download = await fetch(`${t.url}${invoicePdf}`, { headers: { authorization: owner.token } });
  expect(download.status).toBe(200);
  return pdfText(new Uint8Array(await download.arrayBuffer()));
}

const numberIn = (text: string) => Number(/(?:Rechnungsnummer|Invoice number): BKT-(\d{6})/.exec(text)![1]);

describe("invoice PDFs", () => {
  it("a German workspace gets a German invoice: seller, buyer, the plan's line and period, 19 % VAT, totals and a number", async () => {
    const owner = await payingWorkspace({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" }, null, "SCALE", "MONTH");
    await billAt(new Date(Date.now() + 15 * DAY));
    const [period, trial] = await invoicesOf(owner);
    // Scale is 399.00 net a month; a German buyer pays 19 % VAT on it.
    expect(period).toMatchObject({ amountPaid: 47481, currency: "EUR", status: "paid" });
    expect(trial.amountPaid).toBe(0);

    const text = await pdfOf(owner, period.invoicePdf);
    for (const expected of [
      "Baukasten Cloud GmbH",
      "Werkstraße 7",
      "20457 Hamburg",
      "USt-IdNr.: DE123456789",
      "Rechnung an",
      "Acme GmbH",
      "Hauptstraße 1",
      "10115 Berlin",
      "Rechnung",
      "Status: Bezahlt",
      "Tarif Scale, monatlich",
      "399,00 €",
      "USt. 19 %",
      "75,81 €",
      "Gesamt (EUR)",
      "474,81 €",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);

    const trialText = await pdfOf(owner, trial.invoicePdf);
    expect(trialText).toContain("Tarif Scale, kostenlose Testphase");
    // Numbered one after the other: the trial's invoice first, then the period's.
    expect(numberIn(text)).toBe(numberIn(trialText) + 1);
  });

  it("a business in another EU country with a VAT id gets an English invoice under reverse charge, without VAT", async () => {
    const owner = await payingWorkspace({ country: "FR", city: "Paris", line1: "1 Rue de Rivoli", postalCode: "75001" }, "FR12345678901", "PROFESSIONAL", "YEAR");
    await billAt(new Date(Date.now() + 15 * DAY));
    const [period] = await invoicesOf(owner);
    expect(period.amountPaid).toBe(95040);
    const text = await pdfOf(owner, period.invoicePdf);
    for (const expected of ["Invoice", "Billed to", "VAT ID: FR12345678901", "France", "Pro plan, yearly", "€950.40", "VAT 0%", "Total (EUR)", "Reverse charge"])
      expect(text).toContain(expected);
  });

  it("numbers have no gaps: a billing run that rolls back gives its number back", async () => {
    const owner = await payingWorkspace({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" }, null, "STARTER", "MONTH");
    const later = new Date(Date.now() + 15 * DAY);
    await expect(
      t.platform.db.transaction().execute(async (tx) => {
        await billDuePeriods(tx, later, seller);
        throw new Error("the run fails after numbering");
      }),
    ).rejects.toThrow("the run fails after numbering");
    await billAt(later);
    const [period, trial] = await invoicesOf(owner);
    expect(numberIn(await pdfOf(owner, period.invoicePdf))).toBe(numberIn(await pdfOf(owner, trial.invoicePdf)) + 1);
  });
});
