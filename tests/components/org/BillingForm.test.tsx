import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrgBillingScreen from "../../../src/org/billing/OrgBillingScreen";
import OrgBillingScreenQuery, { type OrgBillingScreenQuery as Query } from "../../../src/__generated__/OrgBillingScreenQuery.graphql";
import { ApiError } from "../../../src/relay/errors";
import type { RoleType } from "../../../src/domain/permissions";
import { ORG_ID, signInAs, signOutAfterTest, viewerFields } from "./orgTestKit";
import { operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(() => {
  cleanup();
  signOutAfterTest();
});

interface Account {
  id: string;
  name: string;
  billingEmail: string;
  billingAddress: string | null;
  vatId: string | null;
  paymentProviderId: string;
}

function renderBilling(account: Account | null, as: RoleType = "OWNER") {
  signInAs(as);
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(OrgBillingScreenQuery, { orgId: ORG_ID });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Org: () => ({ id: ORG_ID, billingAccount: account, ...viewerFields(as) }),
      BillingAccount: () => account,
      InvoiceConnection: () => ({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, OrgBillingScreenQuery, { orgId: ORG_ID });
  renderWithRelay(() => <OrgBillingScreen queryRef={queryRef} />, environment, "/org/$orgId/billing", `/org/${ORG_ID}/billing`);
  return environment;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId("save-billing"));
const alertText = () => screen.getByTestId("error-alert").textContent;

const fresh: Account = { id: "bill_1", name: "", billingEmail: "", billingAddress: null, vatId: null, paymentProviderId: "" };

describe("billing form", () => {
  it("checks the fields in the spec's order and sends nothing until all pass", async () => {
    const environment = renderBilling(fresh);
    await screen.findByTestId("billing-form");
    save();
    expect(alertText()).toBe("Please enter the legal entity name.");
    expect(screen.getByLabelText("Legal entity name").getAttribute("aria-invalid")).toBe("true");
    fill("Legal entity name", "Acme SAS");
    save();
    expect(alertText()).toBe("Please enter a valid billing email address.");
    fill("Billing email", "not-an-email");
    save();
    expect(alertText()).toBe("Please enter a valid billing email address.");
    fill("Billing email", "billing@acme.example");
    save();
    expect(alertText()).toBe("Please choose a country.");
    fill("Country", "FR");
    save();
    expect(alertText()).toBe("Please enter the street, postal code and city.");
    expect(screen.getByLabelText("Street and number").getAttribute("aria-invalid")).toBe("true");
    fill("Street and number", "1 rue de Rivoli");
    fill("Postal code", "75001");
    save();
    expect(alertText()).toBe("Please enter the street, postal code and city.");
    expect(screen.getByLabelText("City").getAttribute("aria-invalid")).toBe("true");
    fill("City", "Paris");
    save();
    expect(alertText()).toBe("Please enter the VAT ID; it is required for this country.");
    expect(screen.getByText("Required for this country.")).toBeTruthy();
    expect(operationsNamed(environment, "useSaveBillingAccountMutationCreateMutation")).toHaveLength(0);

    fill("VAT ID", "FR40303265045");
    save();
    const [create] = operationsNamed(environment, "useSaveBillingAccountMutationCreateMutation");
    expect(create.request.variables.input).toEqual({
      orgId: ORG_ID,
      name: "Acme SAS",
      billingEmail: "billing@acme.example",
      billingAddress: JSON.stringify({ country: "FR", city: "Paris", line1: "1 rue de Rivoli", line2: "", postalCode: "75001" }),
      vatId: "FR40303265045",
    });
    await act(async () => {
      environment.mock.resolve(create, MockPayloadGenerator.generate(create, { BillingAccount: () => ({ ...fresh, name: "Acme SAS" }) }));
    });
    expect(screen.getByTestId("billing-saved")).toBeTruthy();
    expect(screen.queryByTestId("error-alert")).toBeNull();
  });

  it("needs no VAT id for Germany", async () => {
    const environment = renderBilling(fresh);
    await screen.findByTestId("billing-form");
    fill("Legal entity name", "Acme GmbH");
    fill("Billing email", "billing@acme.example");
    fill("Country", "DE");
    fill("Street and number", "Hauptstr. 1");
    fill("Postal code", "10115");
    fill("City", "Berlin");
    save();
    expect(screen.queryByTestId("error-alert")).toBeNull();
    expect(operationsNamed(environment, "useSaveBillingAccountMutationCreateMutation")).toHaveLength(1);
  });

  it("updates when the account has an id and a payment provider customer id", async () => {
    const account: Account = {
      id: "bill_9",
      name: "Acme GmbH",
      billingEmail: "billing@acme.example",
      billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstr. 1", postalCode: "10115" }),
      vatId: null,
      paymentProviderId: "cus_123",
    };
    const environment = renderBilling(account);
    await screen.findByTestId("billing-form");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Berlin");
    fill("City", "Hamburg");
    save();
    const [update] = operationsNamed(environment, "useSaveBillingAccountMutationUpdateMutation");
    expect(update.request.variables.input).toMatchObject({ id: "bill_9", name: "Acme GmbH" });
    expect(JSON.parse(update.request.variables.input.billingAddress).city).toBe("Hamburg");
  });

  it("shows a refused save in the danger alert", async () => {
    const environment = renderBilling({ ...fresh, name: "Acme GmbH", billingEmail: "b@acme.example", billingAddress: JSON.stringify({ country: "US", city: "NYC", line1: "5th Ave", postalCode: "10001" }) });
    await screen.findByTestId("billing-form");
    save();
    const [create] = operationsNamed(environment, "useSaveBillingAccountMutationCreateMutation");
    await act(async () => {
      environment.mock.reject(create, new ApiError("You are not allowed to do this.", "error_forbidden", "FORBIDDEN"));
    });
    expect(alertText()).toBe("You are not allowed to do this.");
  });

  it("resets the form on Cancel", async () => {
    renderBilling({ ...fresh, name: "Acme GmbH" });
    await screen.findByTestId("billing-form");
    fill("Legal entity name", "Changed");
    fireEvent.click(screen.getByTestId("cancel-billing"));
    expect((screen.getByLabelText("Legal entity name") as HTMLInputElement).value).toBe("Acme GmbH");
  });

  it("is read-only without manage-org: no Save or Cancel", async () => {
    renderBilling({ ...fresh, name: "Acme GmbH" }, "ADMIN");
    await screen.findByTestId("billing-form");
    expect(screen.getByLabelText("Legal entity name").hasAttribute("readonly")).toBe(true);
    expect((screen.getByLabelText("Country") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByTestId("save-billing")).toBeNull();
    expect(screen.queryByTestId("cancel-billing")).toBeNull();
  });

  it("offers the 27 EU countries and about fifty more, by name", async () => {
    renderBilling(fresh);
    await screen.findByTestId("billing-form");
    const options = [...(screen.getByLabelText("Country") as HTMLSelectElement).options].slice(1);
    expect(options.length).toBeGreaterThanOrEqual(75);
    expect(options.map((option) => option.text)).toContain("Germany");
    expect(options.map((option) => option.text)).toContain("United States");
  });
});
