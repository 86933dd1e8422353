import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import ChangeEmailScreen from "../../../src/auth/ChangeEmailScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

describe("ChangeEmailScreen", () => {
  it("refuses the address the account already has", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com" });
    renderScreen(ChangeEmailScreen, "/account/change-email");
    await screen.findByTestId("change-email-form");
    fireEvent.change(screen.getByLabelText("New email address"), { target: { value: "Ann@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send verification code" }));
    expect(screen.getByText("This is already your email address.")).toBeTruthy();
  });

  it("refuses an invalid address", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com" });
    renderScreen(ChangeEmailScreen, "/account/change-email");
    await screen.findByTestId("change-email-form");
    fireEvent.change(screen.getByLabelText("New email address"), { target: { value: "ann.example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send verification code" }));
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
  });
});
