import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import SignupCodeEntryScreen from "../../../src/auth/SignupCodeEntryScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

// The sign-in service refuses the typed code and sends a new one on request.
vi.mock("../../../src/session/cognitoClient", () => ({
  confirmSignUp: vi.fn().mockRejectedValue({ code: "CodeMismatchException", message: "Invalid verification code provided, please try again." }),
  resendSignUpCode: vi.fn().mockResolvedValue(undefined),
}));

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

describe("SignupCodeEntryScreen after 'Send a new code'", () => {
  it("drops the old code's error once the new code is sent", async () => {
    updateSession({ status: "NotConfirmed", email: "ann@example.com" });
    renderScreen(SignupCodeEntryScreen, "/signup-code-entry");
    await screen.findByTestId("signup-code-form");
    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The verification code is not correct.")).toBeTruthy();

    fireEvent.click(screen.getByTestId("resend-code"));
    expect(await screen.findByTestId("code-resent")).toBeTruthy();
    expect(screen.queryByText("The verification code is not correct.")).toBeNull();
  });
});
