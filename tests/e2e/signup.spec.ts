import { expect, fillSignUpForm, PASSWORD, signIn, signOut, signUpWithWorkspace, test, uniqueEmail } from "./platform";

test("a new user signs up, confirms the mailed code, creates a workspace and lands on its dashboard", async ({ page, platform }) => {
  const email = uniqueEmail("new");
  await signUpWithWorkspace(page, platform, email, "Acme");
  await expect(page.getByTestId("create-project-card")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Projects" })).toBeVisible();

  await signOut(page);
  await signIn(page, platform, email);
  await expect(page).toHaveURL(/\/org\/org_[^/]+\/apis$/);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Acme");
});

test("a wrong password says 'Incorrect email or password.'", async ({ page, platform }) => {
  const email = uniqueEmail("wrong");
  await signUpWithWorkspace(page, platform, email, "Wrong Co");
  await signOut(page);
  await signIn(page, platform, email, "Wrong-Password1");
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-out visit to an org page goes to login and returns there after sign-in", async ({ page, platform }) => {
  const email = uniqueEmail("detour");
  await signUpWithWorkspace(page, platform, email, "Detour");
  const settingsUrl = page.url().replace(/\/apis$/, "/settings");
  await signOut(page);
  await page.goto(settingsUrl);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(settingsUrl);
});

test("a forgotten password is reset with the mailed code", async ({ page, platform }) => {
  const email = uniqueEmail("reset");
  await signUpWithWorkspace(page, platform, email, "Reset Co");
  await signOut(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The login form has an "Email address" field too: filling before the reset screen has
  // replaced it typed into the login form, and the reset form sent whatever it held.
  await expect(page.getByTestId("password-reset-request-form")).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  // The reset mail's code, not the sign-up code: the reset mail may still be on its way.
  await page.getByLabel("Verification code").fill(await platform.latestCode(email, /reset/i));
  await page.getByLabel("New password", { exact: true }).fill("NewPassword2");
  await page.getByLabel("Confirm password").fill("NewPassword2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, platform, email, "NewPassword2");
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Reset Co");
});

test("German, once chosen, stays after a reload", async ({ page, platform }) => {
  await page.goto(`${platform.url}/login`);
  await page.getByTestId("language-select").selectOption("de");
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("users and workspaces survive a server restart", async ({ page, platform }) => {
  const email = uniqueEmail("restart");
  await signUpWithWorkspace(page, platform, email, "Persistent");
  await signOut(page);
  await platform.restart();
  await signIn(page, platform, email);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Persistent");
});

test("the whole sign-up path works in German, with the code mailed in German", async ({ page, platform }) => {
  const email = uniqueEmail("de");
  await page.goto(`${platform.url}/signup?lang=de`);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Passwort bestätigen").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page).toHaveURL(/\/signup-code-entry\?email=/);
  const mails = await platform.mailsTo(email);
  expect(mails[0].subject).toBe("Dein Baukasten-Bestätigungscode");
  await page.getByLabel("Bestätigungscode").fill(await platform.latestCode(email));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/workspace-setup$/);
  await page.getByLabel("Name des Workspace").fill("Werkstatt");
  await page.getByRole("button", { name: "Workspace erstellen" }).click();
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projekte von Werkstatt");
});

test("an empty workspace name is refused in place", async ({ page, platform }) => {
  const email = uniqueEmail("blank");
  await page.goto(`${platform.url}/signup`);
  await fillSignUpForm(page, email);
  await page.getByLabel("Verification code").fill(await platform.latestCode(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/workspace-setup$/);
  await page.getByLabel("Workspace name").fill("   ");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("Please enter a name for the workspace.")).toBeVisible();
  await expect(page).toHaveURL(/\/workspace-setup$/);
});
