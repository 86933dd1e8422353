import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import ChangePasswordScreen from "../../../src/auth/ChangePasswordScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ChangePasswordScreen", () => {
  it("asks a signed-out visitor to sign in instead of showing the form", async () => {
    resetSession("NotAuthenticated");
    renderScreen(ChangePasswordScreen, "/account/change-password");
    fireEvent.click(await screen.findByRole("link", { name: "sign in" }));
    expect(screen.queryByLabelText("Current password")).toBeNull();
    expect((await screen.findByTestId("location")).textContent).toBe("/login");
  });

  it("needs the current password, a new one that fulfils the policy and a matching confirmation", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com" });
    renderScreen(ChangePasswordScreen, "/account/change-password");
    await screen.findByTestId("change-password-form");
    expect(screen.getByTestId("password-rules")).toBeTruthy();

    type("New password", "short");
    type("Confirm password", "shorter");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText("Please enter your password.")).toBeTruthy();
    expect(screen.getByText("Password does not fulfill security requirements.")).toBeTruthy();
    expect(screen.getByText("The passwords do not match.")).toBeTruthy();
  });
});
