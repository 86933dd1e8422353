import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import ChangePasswordScreen from "../../../src/auth/ChangePasswordScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

// The sign-in service's answer to a wrong current password, as amazon-cognito-identity-js passes it on.
vi.mock("../../../src/session/cognitoClient", () => ({
  changePassword: vi.fn().mockRejectedValue({ code: "NotAuthorizedException", message: "Incorrect username or password." }),
}));

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ChangePasswordScreen with a wrong current password", () => {
  it("says the current password is wrong, not 'Incorrect email or password.'", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com" });
    renderScreen(ChangePasswordScreen, "/account/change-password");
    await screen.findByTestId("change-password-form");
    type("Current password", "Wrong2024pass");
    type("New password", "Winter2025new");
    type("Confirm password", "Winter2025new");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The current password is not correct.")).toBeTruthy();
    expect(screen.queryByText("Incorrect email or password.")).toBeNull();
  });
});
