import { createProject, expect, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/**
 * Spec §2 'Data explorer': "With no hash, the remembered last active table … is selected" — also
 * when the user comes back through the sidebar from another section, which leaves that section's
 * own hash behind (the model editor keeps its selected type there).
 */
test("the sidebar's Data opens the last active table after a visit to the model editor", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("lasttable"), "Last Table Co");
  const apiId = await createProject(page, "Tables");
  await page.getByTestId("templates-skip").click();
  await page.getByTestId("add-table-menu").getByRole("button", { name: "Add table" }).click();
  await page.getByRole("menuitem", { name: "New table" }).click();
  await expect(page.getByRole("tab", { name: "NewTable1" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(new RegExp(`/api/${apiId}/data#NewTable1$`));

  await page.getByTestId("nav-types").click();
  await expect(page.getByTestId("type-editor")).toBeVisible();
  await page.getByTestId("nav-data").click();
  await expect(page.getByRole("tab", { name: "Table1", exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "NewTable1" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(new RegExp(`/api/${apiId}/data(#NewTable1)?$`));
});
