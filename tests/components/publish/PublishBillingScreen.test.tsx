import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import PublishBillingScreen from "../../../src/project/publish/wizard/PublishBillingScreen";
import PublishBillingScreenQuery, { type PublishBillingScreenQuery as Query } from "../../../src/__generated__/PublishBillingScreenQuery.graphql";
import { ApiError } from "../../../src/relay/errors";
import { answerNext, operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(cleanup);

const emptyAccount = { id: "bill_1", name: "", billingEmail: "", billingAddress: null, vatId: null, paymentProviderId: "" };

function renderBilling() {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1" };
  environment.mock.queuePendingOperation(PublishBillingScreenQuery, variables);
  answerNext(environment, {
    Api: () => ({ id: "api_1", orgId: "org_1", checkoutDraft: { id: "cs_1" } }),
    Org: () => ({ id: "org_1", viewerCanManageOrg: true, billingAccount: emptyAccount }),
    BillingAccount: () => emptyAccount,
  });
  const queryRef = loadQuery<Query>(environment, PublishBillingScreenQuery, variables);
  renderWithRelay(() => <PublishBillingScreen queryRef={queryRef} />, environment, "/project-publish/$apiId/billing", "/project-publish/api_1/billing");
  return environment;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("project-setup-billing (spec §2 'Publish wizard')", () => {
  it("drops Continue's 'Please choose a country.' once the address is saved", async () => {
    const environment = renderBilling();
    await screen.findByTestId("billing-form");
    fireEvent.click(screen.getByTestId("billing-continue"));
    const [open] = operationsNamed(environment, "mutationsUpdateCheckoutSessionMutation");
    await act(async () => {
      environment.mock.reject(open, new ApiError("Please choose a country.", "error_billing_requires_country"));
    });
    expect(screen.getByTestId("publish-billing-error").textContent).toBe("Please choose a country.");

    fill("Legal entity name", "Acme GmbH");
    fill("Billing email", "billing@acme.example");
    fill("Country", "DE");
    fill("Street and number", "Hauptstr. 1");
    fill("Postal code", "10115");
    fill("City", "Berlin");
    fireEvent.click(screen.getByTestId("save-billing"));
    const [create] = operationsNamed(environment, "useSaveBillingAccountMutationCreateMutation");
    await act(async () => {
      environment.mock.resolve(create, MockPayloadGenerator.generate(create, { BillingAccount: () => ({ ...emptyAccount, name: "Acme GmbH" }) }));
    });
    expect(screen.getByTestId("billing-saved")).toBeTruthy();
    expect(screen.queryByTestId("publish-billing-error")).toBeNull();
  });
});
