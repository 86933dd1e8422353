import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import VerifyEmailScreen from "../../../src/auth/VerifyEmailScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

describe("VerifyEmailScreen", () => {
  it("needs the 6-digit code from the new address", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com" });
    renderScreen(VerifyEmailScreen, "/account/verify-email");
    await screen.findByTestId("verify-email-form");
    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "1234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("The verification code has 6 digits.")).toBeTruthy();
  });
});
