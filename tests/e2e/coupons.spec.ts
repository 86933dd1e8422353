import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, PlatformProcess, saveDeclaration, signUpWithWorkspace, test, uniqueEmail, serverPort } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * Spec §7 'createCoupon redemption', §8 'Failed to redeem coupon. No valid coupons available for
 * region … (the lookup is retried up to 5 times)': in a region the operator runs on account
 * coupons, a project's first publish redeems one; with none left the overview says so and the
 * project stays unpublished, and once a coupon is loaded the same Publish goes through.
 */
test.describe("account coupons at publish", () => {
  const owner = uniqueEmail("coupons");
  let platform: PlatformProcess;
  test.beforeAll(async ({}, workerInfo) => {
    // The owner is also the platform operator here, who alone loads coupons.
    platform = new PlatformProcess(await serverPort(20, workerInfo.workerIndex), { FEATURE_FLAG_EMAILS: owner, SUPERUSER_EMAILS: owner });
    await platform.start();
  });
  test.afterAll(async () => {
    await platform.stop();
    platform.dispose();
  });

  test("a Frankfurt project's first publish is refused without a valid coupon and goes through once one is loaded", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Coupon Co");
    const orgId = new URL(page.url()).pathname.split("/")[2];
    const token = await consoleToken(platform, owner);
    const graphql = (query: string, variables: unknown) => postJson(`${platform.url}/graphql`, token, { query, variables });
    const loadCoupon = async (couponCode: string) => {
      const loaded = await graphql(`mutation ($input: CreateAccountCouponInput!) { createAccountCoupon(input: $input) { couponCode } }`, {
        input: { awsAccountId: "123456789012", configRegion: "eu-central-1", couponCode },
      });
      expect(loaded.errors).toBeUndefined();
    };

    // Frankfurt runs on coupons: its only one goes to another project.
    await loadCoupon("FRA-1");
    const other = await graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Other" } });
    const redeemed = await graphql(`mutation ($input: CreateCouponRedemptionInput!) { createCouponRedemption(input: $input) { couponCode } }`, {
      input: { apiId: other.data?.createApi.api.id },
    });
    expect(redeemed.data?.createCouponRedemption).toEqual({ couponCode: "FRA-1" });

    await page.goto(`${platform.url}/org/${orgId}/apis`);
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-error")).toHaveText("Failed to redeem coupon. No valid coupons available for region eu-central-1.");
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/overview$`));

    await loadCoupon("FRA-2");
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const used = await graphql(`{ accountCoupons(configRegion: "eu-central-1", status: USED) { couponCode } }`, {});
    expect(used.data?.accountCoupons).toHaveLength(2);
  });
});
