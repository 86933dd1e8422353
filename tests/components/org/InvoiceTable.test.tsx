import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrgBillingScreen from "../../../src/org/billing/OrgBillingScreen";
import OrgBillingScreenQuery, { type OrgBillingScreenQuery as Query } from "../../../src/__generated__/OrgBillingScreenQuery.graphql";
import { ORG_ID, signInAs, signOutAfterTest, viewerFields } from "./orgTestKit";
import { operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(() => {
  cleanup();
  signOutAfterTest();
});

const invoice = (n: number) => ({
  id: `inv_${n}`,
  date: new Date(Date.UTC(2026, 0, 31 - n)).toISOString(),
  currency: "eur",
  amountPaid: 4900,
  status: n === 1 ? "open" : "paid",
  invoicePdf: `https://pay.example/${n}.pdf`,
});

const page = (numbers: number[], total: number, totalPaid = [{ currency: "EUR", amount: total * 4900 }]) => ({
  totalCount: total,
  totalPaid,
  edges: numbers.map((n) => ({ cursor: `c${n}`, node: invoice(n) })),
});

/** Invoice numbers from..to, inclusive. */
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

function renderInvoices(first: ReturnType<typeof page>) {
  signInAs("GUEST");
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(OrgBillingScreenQuery, { orgId: ORG_ID });
  environment.mock.queueOperationResolver((operation) =>
    operation.request.node.params.name === "OrgBillingScreenQuery"
      ? MockPayloadGenerator.generate(operation, {
          Org: () => ({ id: ORG_ID, ...viewerFields("GUEST") }),
          BillingAccount: () => ({ id: "bill_1", name: "Acme", billingEmail: "b@acme.example", billingAddress: null, vatId: null, paymentProviderId: "" }),
          InvoiceConnection: () => first,
        })
      : null,
  );
  const queryRef = loadQuery<Query>(environment, OrgBillingScreenQuery, { orgId: ORG_ID });
  renderWithRelay(() => <OrgBillingScreen queryRef={queryRef} />, environment, "/org/$orgId/billing", `/org/${ORG_ID}/billing`);
  return environment;
}

const rows = () => screen.getAllByTestId("invoice-row");

/** Answers the table's pending page fetch with `numbers` and returns the variables it asked with. */
async function answerPage(environment: ReturnType<typeof renderInvoices>, numbers: number[], total: number) {
  const fetches = operationsNamed(environment, "InvoiceTablePaginationQuery");
  expect(fetches).toHaveLength(1);
  const [fetch] = fetches;
  await act(async () => {
    environment.mock.resolve(
      fetch,
      MockPayloadGenerator.generate(fetch, {
        BillingAccount: () => ({ id: "bill_1" }),
        InvoiceConnection: () => page(numbers, total),
      }),
    );
  });
  return fetch.request.variables;
}

describe("invoice table", () => {
  it("shows a workspace's 23 invoices 5 per page, fetching only the pages it shows", async () => {
    const environment = renderInvoices(page(numbered(1, 5), 23, [{ currency: "EUR", amount: 98_000 }, { currency: "USD", amount: 1_250 }]));
    await screen.findByTestId("invoice-table");
    // 'an invoice table headed by the invoice count and a total label' (spec §2), both the server's.
    expect(screen.getByRole("heading", { name: "Invoices (23)" })).toBeTruthy();
    expect(screen.getByTestId("invoice-total").textContent).toBe("Total paid: €980.00 + $12.50");
    expect(rows()).toHaveLength(5);
    expect(screen.getByText("Page 1 of 5")).toBeTruthy();
    // The screen's query brought page 1; nothing else was fetched.
    expect(operationsNamed(environment, "InvoiceTablePaginationQuery")).toHaveLength(0);
    const first = within(rows()[0]);
    expect(first.getByText("EUR")).toBeTruthy();
    expect(first.getByText("€49.00")).toBeTruthy();
    expect(first.getByText("Open")).toBeTruthy();
    // A button, not a link: the PDF is fetched with the access token (only members may download it).
    expect(first.getByRole("button", { name: "Download invoice" })).toBeTruthy();

    for (const [shown, from] of [[2, 6], [3, 11], [4, 16]] as const) {
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      expect(await answerPage(environment, numbered(from, from + 4), 23)).toMatchObject({ first: 5, offset: from - 1, id: "bill_1" });
      expect(screen.getByText(`Page ${shown} of 5`)).toBeTruthy();
      expect(rows()[0].textContent).toContain(new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(invoice(from).date)));
    }
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await answerPage(environment, numbered(21, 23), 23)).toMatchObject({ first: 5, offset: 20 });
    expect(rows()).toHaveLength(3);
    expect(screen.getByText("Page 5 of 5")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);

    // Another page size fetches its first page afresh.
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "20" } });
    expect(await answerPage(environment, numbered(1, 20), 23)).toMatchObject({ first: 20, offset: 0 });
    expect(rows()).toHaveLength(20);
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
  });

  it("shows the empty state without invoices", async () => {
    renderInvoices(page([], 0, []));
    expect(await screen.findByTestId("invoices-empty")).toHaveProperty("textContent", "No invoices yet.");
    expect(screen.getByRole("heading", { name: "Invoices (0)" })).toBeTruthy();
  });
});
