import { expect, signIn, signOut, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/**
 * Signing in and landing on the dashboard: the sign-in service chooses the workspace and records
 * the last sign-in (spec §4), so the only GraphQL requests are the dashboard's own — its layout's
 * query and its screen's (the bench prints their waterfall depth). The calls to the sign-in
 * service (/auth) are not GraphQL.
 */
test("signing in reaches the dashboard with only the dashboard's own GraphQL requests", async ({ page, platform }) => {
  const email = uniqueEmail("roundtrip");
  await signUpWithWorkspace(page, platform, email, "Round Trip");
  await signOut(page);

  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/graphql") sent.push(String(request.postDataJSON()?.operationName));
  });
  await signIn(page, platform, email);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Round Trip");
  await page.waitForLoadState("networkidle");
  expect(sent.sort()).toEqual(["OrgDashboardScreenQuery", "OrgLayoutQuery"]);
});
