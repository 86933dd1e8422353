import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import PublishBundlesScreen from "../../../src/project/publish/wizard/PublishBundlesScreen";
import PublishBundlesScreenQuery, { type PublishBundlesScreenQuery as Query } from "../../../src/__generated__/PublishBundlesScreenQuery.graphql";
import { answerNext, renderWithRelay } from "../renderWithRelay";

afterEach(cleanup);

const price = (key: string, interval: "MONTH" | "YEAR", unitAmount: number, usageType = "LICENSED") => ({
  id: `price_${key}_${interval}`,
  unitAmount,
  currency: "EUR",
  usageType,
  billingInterval: interval,
});
const bundle = (type: string, displayName: string, monthly: number, benefits: { lang: string; description: string }[]) => ({
  id: `bundle_${type}`,
  type,
  trialDays: 14,
  products: [
    { name: `${type.toLowerCase()}_bundle`, displayName, usageType: "LICENSED", benefits, prices: [price(type, "MONTH", monthly), price(type, "YEAR", monthly * 12 * 0.8)] },
    { name: `${type.toLowerCase()}_requests`, displayName: "Requests", usageType: "METERED", benefits: [], prices: [price(`${type}_requests`, "MONTH", 40, "METERED")] },
  ],
});
const BUNDLES = [
  bundle("STARTER", "Starter", 2900, [{ lang: "EN", description: "Everything a first app needs" }]),
  bundle("PROFESSIONAL", "Pro", 9900, [
    { lang: "EN", description: "Email support" },
    { lang: "DE", description: "Support per E-Mail" },
  ]),
  bundle("SCALE", "Scale", 39900, [{ lang: "EN", description: "Priority support" }]),
];

function renderBundles(checkoutDraft: { id: string; bundleType: string; billingInterval: string } | null = null) {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1" };
  environment.mock.queuePendingOperation(PublishBundlesScreenQuery, variables);
  answerNext(environment, {
    Api: () => ({ id: "api_1", viewerCanPublish: true, checkoutDraft }),
    Query: () => ({ productBundles: BUNDLES }),
  });
  const queryRef = loadQuery<Query>(environment, PublishBundlesScreenQuery, variables);
  renderWithRelay(() => <PublishBundlesScreen queryRef={queryRef} />, environment, "/project-publish/$apiId/bundles", "/project-publish/api_1/bundles");
  return environment;
}

const card = (type: string) => screen.getByTestId(`bundle-${type}`);
const radio = (type: string) => card(type).querySelector("input") as HTMLInputElement;
const selected = () => ["STARTER", "PROFESSIONAL", "SCALE"].filter((type) => radio(type).checked);

describe("project-publish-bundles (spec §2 'Publish wizard', §9)", () => {
  it("shows the plans side by side with Pro preselected, billed yearly by default with the 20% note", async () => {
    renderBundles();
    await screen.findByRole("heading", { name: "Choose a plan" });
    expect(screen.getByText("Step 3 of 3")).toBeTruthy();
    expect(selected()).toEqual(["PROFESSIONAL"]);
    expect((screen.getByTestId("interval-YEAR") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("yearly-note").textContent).toBe("Save 20% with yearly billing");
  });

  it("shows annual prices per month (divided by 12) and the monthly price after switching", async () => {
    renderBundles();
    await screen.findByRole("heading", { name: "Choose a plan" });
    // 9,900 × 12 × 0.8 = 95,040 a year → 7,920 a month.
    expect(screen.getByTestId("bundle-PROFESSIONAL-price").textContent).toBe("€79.20 / month");
    expect(screen.getByTestId("bundle-PROFESSIONAL-billed").textContent).toBe("billed yearly at €950.40");
    fireEvent.click(screen.getByTestId("interval-MONTH"));
    expect(screen.getByTestId("bundle-PROFESSIONAL-price").textContent).toBe("€99.00 / month");
    expect(screen.queryByTestId("bundle-PROFESSIONAL-billed")).toBeNull();
  });

  it("keeps exactly one plan selected: choosing a card deselects the others", async () => {
    renderBundles();
    await screen.findByRole("heading", { name: "Choose a plan" });
    fireEvent.click(radio("SCALE"));
    expect(selected()).toEqual(["SCALE"]);
    fireEvent.click(radio("STARTER"));
    expect(selected()).toEqual(["STARTER"]);
  });

  it("shows the benefits in the console's language only", async () => {
    renderBundles();
    await screen.findByRole("heading", { name: "Choose a plan" });
    expect(card("PROFESSIONAL").textContent).toContain("Email support");
    expect(card("PROFESSIONAL").textContent).not.toContain("Support per E-Mail");
  });

  it("restores the plan and interval of a stored checkout that has not expired (spec §4)", async () => {
    renderBundles({ id: "chk_1", bundleType: "STARTER", billingInterval: "MONTH" });
    await screen.findByRole("heading", { name: "Choose a plan" });
    expect(selected()).toEqual(["STARTER"]);
    expect((screen.getByTestId("interval-MONTH") as HTMLInputElement).checked).toBe(true);
  });

  it("goes to the billing step when the checkout has no payment page yet", async () => {
    const environment = renderBundles();
    await screen.findByRole("heading", { name: "Choose a plan" });
    fireEvent.click(screen.getByTestId("bundles-subscribe"));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ apiId: "api_1", bundleType: "PROFESSIONAL", billingInterval: "YEAR" });
    environment.mock.resolve(operation, { data: { createCheckoutSession: { sessionUrl: null, checkoutSession: { id: "chk_1", bundleType: "PROFESSIONAL", billingInterval: "YEAR" } } } });
    await screen.findByText("/api-setup/api_1/billing");
  });
});
