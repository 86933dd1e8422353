import type { Page } from "@playwright/test";
import { expect, fillSignUpForm, type PlatformProcess, signOut, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/** The organisation area in the browser: members and roles, settings and deletion, billing. */

const workspaceTab = (page: Page, name: string) => page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name });

/** The link of the newest invitation mailed to an address. */
async function invitationLink(platform: PlatformProcess, email: string) {
  await expect
    .poll(async () => (await platform.mailsTo(email)).length)
    .toBeGreaterThan(0);
  const [mail] = await platform.mailsTo(email);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the mail to ${email}`);
  return { subject: mail.subject, link };
}

async function invite(page: Page, email: string, role: string) {
  await workspaceTab(page, "Users").click();
  await page.getByTestId("invite-member").click();
  await expect(page).toHaveURL(/\/users\/invite$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Role").selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/users$/);
}

const memberRow = (page: Page, email: string) => page.getByTestId("member-row").filter({ hasText: email });

test("an owner invites a teammate, who signs up from the mail and follows role changes live", async ({ page, platform, browser }) => {
  const ownerEmail = uniqueEmail("owner");
  const inviteeEmail = uniqueEmail("invitee");
  await signUpWithWorkspace(page, platform, ownerEmail, "Team Alpha");
  const orgUrl = page.url().replace(/\/apis$/, "");

  await invite(page, inviteeEmail, "Guest");
  await expect(memberRow(page, inviteeEmail).getByTestId("member-role")).toHaveText("Guest");
  await expect(page.getByTestId("members-total")).toHaveText("2 members");

  const { subject, link } = await invitationLink(platform, inviteeEmail);
  expect(subject).toBe("You are invited to Team Alpha on Baukasten");

  // The invitee, in a browser of their own, signs up from the link.
  const inviteeContext = await browser.newContext();
  const other = await inviteeContext.newPage();
  await other.goto(link);
  await expect(other.getByLabel("Email address")).toHaveValue(inviteeEmail);
  await fillSignUpForm(other);
  await other.getByLabel("Verification code").fill(await platform.latestCode(inviteeEmail));
  await other.getByRole("button", { name: "Confirm" }).click();
  await expect(other.getByTestId("dashboard-title")).toHaveText("Projects of Team Alpha");

  // As a guest: the members table without selection, edit or invite; settings and billing read-only.
  await workspaceTab(other, "Users").click();
  await expect(memberRow(other, ownerEmail).getByTestId("member-role")).toHaveText("Owner");
  await expect(memberRow(other, inviteeEmail).getByTestId("member-role")).toHaveText("Guest");
  await expect(other.getByTestId("invite-member")).toHaveCount(0);
  await expect(other.getByRole("checkbox")).toHaveCount(0);
  await workspaceTab(other, "Settings").click();
  await expect(other.getByLabel("Workspace name")).toHaveJSProperty("readOnly", true);
  await expect(other.getByTestId("danger-zone")).toHaveCount(0);
  await workspaceTab(other, "Billing").click();
  await expect(other.getByLabel("Legal entity name")).toHaveJSProperty("readOnly", true);
  await expect(other.getByTestId("save-billing")).toHaveCount(0);
  await workspaceTab(other, "Users").click();
  await expect(other.getByTestId("members-table")).toBeVisible();

  // The owner makes them Admin; the invitee's screen follows without a reload.
  await page.goto(`${orgUrl}/users`);
  await memberRow(page, inviteeEmail).getByTestId("member-edit").click();
  await expect(page.getByLabel("Email address")).toHaveValue(inviteeEmail);
  await expect(page.getByLabel("Email address")).toHaveJSProperty("readOnly", true);
  await page.getByLabel("Role").selectOption({ label: "Admin" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(memberRow(page, inviteeEmail).getByTestId("member-role")).toHaveText("Admin");
  await expect(memberRow(other, inviteeEmail).getByTestId("member-role")).toHaveText("Admin");
  await expect(other.getByTestId("invite-member")).toBeVisible();

  // An admin may not remove an owner, and nobody removes themselves: the server's viewerCanRemove
  // offers no selection there (the refusals themselves are tested over GraphQL in the server tests).
  await expect(memberRow(other, ownerEmail).getByRole("checkbox")).toBeDisabled();
  await expect(memberRow(other, inviteeEmail).getByRole("checkbox")).toBeDisabled();
  await expect(memberRow(page, ownerEmail).getByRole("checkbox")).toBeDisabled();

  // Removed, the invitee loses the workspace at once and is asked to create one.
  await memberRow(page, inviteeEmail).getByRole("checkbox").check();
  await page.getByTestId("remove-members").click();
  await page.getByTestId("confirm").click();
  await expect(memberRow(page, inviteeEmail)).toHaveCount(0);
  await expect(page.getByTestId("members-total")).toHaveText("1 member");
  await expect(other).toHaveURL(/\/workspace-setup$/);
  await inviteeContext.close();
});

test("the invite form checks the email and the role and refuses a second invitation", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("owner"), "Checks");
  await workspaceTab(page, "Users").click();
  await page.getByTestId("invite-member").click();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Please choose a role.")).toBeVisible();
  const twice = uniqueEmail("twice");
  await invite(page, twice, "Developer");
  await page.getByTestId("invite-member").click();
  await page.getByLabel("Email address").fill(twice);
  await page.getByLabel("Role").selectOption({ label: "Guest" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("error-alert")).toHaveText("This email address already has a role in this workspace.");
});

test("settings save the name and the data-processing record; deleting needs the typed name and leads to the next workspace", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("owner"), "First Space");
  const firstUrl = page.url();

  // A second workspace from the user menu, through workspace-setup.
  await page.getByTestId("user-menu").getByRole("button").click();
  await page.getByTestId("create-workspace").click();
  await page.getByLabel("Workspace name").fill("Second Space");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Second Space");

  await workspaceTab(page, "Settings").click();
  await expect(page.getByTestId("save-settings")).toHaveCount(0);
  await page.getByLabel("Workspace name").fill("Doomed Space");
  await page.getByLabel("Categories of data", { exact: true }).fill("names, emails");
  await page.getByTestId("save-settings").click();
  await expect(page.getByTestId("org-settings-screen").getByText("The workspace settings are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Workspace name")).toHaveValue("Doomed Space");
  await expect(page.getByLabel("Categories of data", { exact: true })).toHaveValue("names, emails");

  await page.getByTestId("delete-workspace").click();
  await page.getByLabel("Workspace name to confirm").fill("Doomed");
  await page.getByTestId("confirm-delete-workspace").click();
  await expect(page.getByText("You need to enter the workspace name to confirm deletion.")).toBeVisible();
  await page.getByLabel("Workspace name to confirm").fill("  Doomed Space ");
  await page.getByTestId("confirm-delete-workspace").click();
  await expect(page).toHaveURL(firstUrl);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of First Space");

  // The last workspace gone, the user is asked to create one.
  await workspaceTab(page, "Settings").click();
  await page.getByTestId("delete-workspace").click();
  await page.getByLabel("Workspace name to confirm").fill("First Space");
  await page.getByTestId("confirm-delete-workspace").click();
  await expect(page).toHaveURL(/\/workspace-setup$/);
});

test("Abrechnung auf Deutsch: Prüfung in der Reihenfolge der Spezifikation, dann Speichern", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("billing"), "Rechnung GmbH");
  await page.getByTestId("language-select").selectOption("de");
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Abrechnung" }).click();
  await expect(page.getByRole("heading", { name: "Rechnungsadresse" })).toBeVisible();
  const alert = page.getByTestId("error-alert");
  const save = () => page.getByRole("button", { name: "Speichern" }).click();

  // createOrg saved the workspace name and the owner's email; start from an empty name.
  await page.getByLabel("Name des Unternehmens").fill("");
  await save();
  await expect(alert).toHaveText("Bitte gib den Namen des Unternehmens ein.");
  await page.getByLabel("Name des Unternehmens").fill("Rechnung SARL");
  await page.getByLabel("Rechnungs-E-Mail").fill("kein-mail");
  await save();
  await expect(alert).toHaveText("Bitte gib eine gültige Rechnungs-E-Mail-Adresse ein.");
  await page.getByLabel("Rechnungs-E-Mail").fill("rechnung@example.com");
  await save();
  await expect(alert).toHaveText("Bitte wähle ein Land.");
  await page.getByLabel("Land").selectOption({ label: "Frankreich" });
  await save();
  await expect(alert).toHaveText("Bitte gib Straße, Postleitzahl und Ort ein.");
  await page.getByLabel("Straße und Hausnummer").fill("1 rue de Rivoli");
  await page.getByLabel("Postleitzahl").fill("75001");
  await page.getByLabel("Ort").fill("Paris");
  await save();
  await expect(alert).toHaveText("Bitte gib die USt-IdNr. ein; für dieses Land ist sie erforderlich.");
  await page.getByLabel("USt-IdNr.").fill("FR40303265045");
  await save();
  await expect(page.getByTestId("billing-saved")).toHaveText("Die Rechnungsdaten sind gespeichert.");
  await expect(alert).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel("Ort")).toHaveValue("Paris");
  await expect(page.getByLabel("Land")).toHaveValue("FR");
  await expect(page.getByTestId("invoices-empty")).toHaveText("Noch keine Rechnungen.");
  await expect(page.getByRole("heading", { name: "Rechnungen (0)" })).toBeVisible();

  // Cancel puts the stored values back.
  await page.getByLabel("Ort").fill("Lyon");
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByLabel("Ort")).toHaveValue("Paris");
});

test("a guest calling /graphql directly is refused and nothing changes", async ({ page, platform }) => {
  const ownerEmail = uniqueEmail("owner");
  await signUpWithWorkspace(page, platform, ownerEmail, "Direct");
  const orgId = page.url().match(/\/org\/([^/]+)\//)![1];
  const guestEmail = uniqueEmail("guest");
  await invite(page, guestEmail, "Guest");
  const { link } = await invitationLink(platform, guestEmail);
  // Signed out before the link opens: a sign-out still on its way would end the guest's new session.
  await signOut(page);
  await page.goto(link);
  await fillSignUpForm(page);
  await page.getByLabel("Verification code").fill(await platform.latestCode(guestEmail));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Direct");

  // The console's own token, used by hand.
  const answer = await page.evaluate(
    async ({ orgId }) => {
      // Stored base64-encoded under the product prefix (credentialStorage.ts).
      const stored = Object.entries(sessionStorage).find(([key]) => key.endsWith(".accessToken"))?.[1];
      const token = stored ? atob(stored) : undefined;
      const call = (query: string, variables: object) =>
        fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
          body: JSON.stringify({ query, variables }),
        }).then((response) => response.json());
      return {
        rename: await call(`mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id } }`, { input: { id: orgId, name: "Mine" } }),
        remove: await call(`mutation ($input: DeleteOrgInput!) { deleteOrg(input: $input) { org { id } } }`, { input: { id: orgId, confirmName: "Direct" } }),
        org: await call(`query ($id: ID!) { org(id: $id) { name } }`, { id: orgId }),
        hasToken: Boolean(token),
      };
    },
    { orgId },
  );
  expect(answer.hasToken).toBe(true);
  expect(answer.rename.errors[0].extensions.code).toBe("FORBIDDEN");
  expect(answer.remove.errors[0].extensions.messageId).toBe("error_org_deletion_requires_role");
  expect(answer.org.data.org.name).toBe("Direct");
});
