import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import AccountSettingsScreen from "../../../src/auth/AccountSettingsScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

async function renderSettings() {
  updateSession({ status: "Authenticated", email: "ann@example.com" });
  renderScreen(AccountSettingsScreen, "/account/settings");
  await screen.findByTestId("account-settings-screen");
}

describe("AccountSettingsScreen", () => {
  it("shows the account's email address and offers both languages", async () => {
    await renderSettings();
    expect(screen.getByTestId("account-email").textContent).toBe("Email address: ann@example.com");
    const options = Array.from((screen.getByLabelText("Language") as HTMLSelectElement).options).map((option) => option.text);
    expect(options).toEqual(["English", "Deutsch"]);
  });

  it("leads to changing the email address", async () => {
    await renderSettings();
    fireEvent.click(screen.getByRole("link", { name: "Change email address" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/account/change-email");
  });

  it("signs out and lands on the login page", async () => {
    await renderSettings();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("/login")).toBeTruthy();
  });
});
