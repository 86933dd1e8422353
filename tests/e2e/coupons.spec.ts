import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * Spec §7 'createCoupon redemption', §8 'Failed to redeem coupon. No valid coupons available for
 * region … (the lookup is retried up to 5 times)': in a region the operator runs on account
 * coupons, a project's first publish redeems one; with none left the overview says so and the
 * project stays unpublished, and once a coupon is loaded the same Publish goes through.
 *
 * In Stockholm, where no other spec publishes: a region with coupons loaded runs on them for the
 * rest of the worker's server, whose other specs publish in Frankfurt (the default) without one.
 */
const REGION = "eu-north-1";

test.describe("account coupons at publish", () => {
  // The owner is also the platform operator (SUPERUSER_EMAILS in platform.ts), who alone loads coupons.
  const owner = flaggedEmail("coupons");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("a Stockholm project's first publish is refused without a valid coupon and goes through once one is loaded", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Coupon Co");
    const orgId = new URL(page.url()).pathname.split("/")[2];
    const token = await consoleToken(platform, owner);
    const graphql = (query: string, variables: unknown) => postJson(`${platform.url}/graphql`, token, { query, variables });
    const loadCoupon = async (couponCode: string) => {
      const loaded = await graphql(`mutation ($input: CreateAccountCouponInput!) { createAccountCoupon(input: $input) { couponCode } }`, {
        input: { awsAccountId: "123456789012", configRegion: REGION, couponCode },
      });
      expect(loaded.errors).toBeUndefined();
    };

    // Stockholm runs on coupons: its only one goes to another project.
    await loadCoupon("STO-1");
    const other = await graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Other", region: REGION } });
    const redeemed = await graphql(`mutation ($input: CreateCouponRedemptionInput!) { createCouponRedemption(input: $input) { couponCode } }`, {
      input: { apiId: other.data?.createApi.api.id },
    });
    expect(redeemed.data?.createCouponRedemption).toEqual({ couponCode: "STO-1" });

    await page.goto(`${platform.url}/org/${orgId}/apis`);
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    // The publish wizard's region step saves the project's region.
    await page.goto(`${platform.url}/project-publish/${apiId}/region`);
    await page.getByTestId(`region-${REGION}`).click();
    await page.getByTestId("wizard-next").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/bundles$`));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-error")).toHaveText(`Failed to redeem coupon. No valid coupons available for region ${REGION}.`);
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/overview$`));

    await loadCoupon("STO-2");
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const used = await graphql(`query ($region: String!) { accountCoupons(configRegion: $region, status: USED) { couponCode } }`, { region: REGION });
    expect(used.data?.accountCoupons).toHaveLength(2);
  });
});
