import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
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

const page = (numbers: number[], total: number, hasNextPage: boolean) => ({
  totalCount: total,
  edges: numbers.map((n) => ({ cursor: `c${n}`, node: invoice(n) })),
  pageInfo: { hasNextPage, endCursor: hasNextPage ? `c${numbers.at(-1)}` : null },
});

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

describe("invoice table", () => {
  it("keeps fetching while there is a next page, then shows 5 per page or 20", async () => {
    const environment = renderInvoices(page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 12, true));
    await screen.findByTestId("invoice-table");
    const [more] = operationsNamed(environment, "InvoiceTablePaginationQuery");
    expect(more.request.variables).toMatchObject({ after: "c10", id: "bill_1" });
    await act(async () => {
      environment.mock.resolve(
        more,
        MockPayloadGenerator.generate(more, {
          BillingAccount: () => ({ id: "bill_1" }),
          InvoiceConnection: () => page([11, 12], 12, false),
        }),
      );
    });
    expect(screen.getByRole("heading", { name: "Invoices (12)" })).toBeTruthy();
    expect(screen.getByTestId("invoice-total").textContent).toBe("Total paid: €588.00");
    expect(rows()).toHaveLength(5);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    const first = within(rows()[0]);
    expect(first.getByText("EUR")).toBeTruthy();
    expect(first.getByText("€49.00")).toBeTruthy();
    expect(first.getByText("Open")).toBeTruthy();
    // A button, not a link: the PDF is fetched with the access token (only members may download it).
    expect(first.getByRole("button", { name: "Download invoice" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(rows()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "20" } });
    expect(rows()).toHaveLength(12);
    expect(screen.getByText("Page 1 of 1")).toBeTruthy();
  });

  it("shows the empty state without invoices", async () => {
    renderInvoices(page([], 0, false));
    expect(await screen.findByTestId("invoices-empty")).toHaveProperty("textContent", "No invoices yet.");
    expect(screen.getByRole("heading", { name: "Invoices (0)" })).toBeTruthy();
  });
});
