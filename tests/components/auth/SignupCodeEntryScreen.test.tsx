import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import SignupCodeEntryScreen from "../../../src/auth/SignupCodeEntryScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  document.querySelector('meta[name="baukasten-config"]')?.remove();
  resetSession("NotAuthenticated");
});

async function renderAfterSignup() {
  updateSession({ status: "NotConfirmed", email: "ann@example.com" });
  renderScreen(SignupCodeEntryScreen, "/signup-code-entry");
  await screen.findByTestId("signup-code-form");
}

describe("SignupCodeEntryScreen", () => {
  it("says where the code was sent", async () => {
    await renderAfterSignup();
    expect(screen.getByText("ann@example.com")).toBeTruthy();
  });

  it("says where the code is when the platform has no mail server", async () => {
    const meta = document.createElement("meta");
    meta.name = "baukasten-config";
    meta.content = JSON.stringify({ localMailbox: true });
    document.head.append(meta);
    await renderAfterSignup();
    expect(screen.getByTestId("signup-code-local-mailbox").textContent).toBe(
      "No mail server is configured: open the local mailbox link printed where the server was started.",
    );
  });

  it("says nothing about a mailbox when mail is sent", async () => {
    await renderAfterSignup();
    expect(screen.queryByTestId("signup-code-local-mailbox")).toBeNull();
  });

  it("needs the 6-digit code", async () => {
    await renderAfterSignup();
    const submit = () => fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    submit();
    expect(screen.getByText("Please enter the verification code.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "12345" } });
    expect(screen.getByText("The verification code has 6 digits.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "12345a" } });
    expect(screen.getByText("The verification code has 6 digits.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "123 456" } });
    expect(screen.queryByText("The verification code has 6 digits.")).toBeNull();
  });

  it("offers the number pad and the code from the mail on phones", async () => {
    await renderAfterSignup();
    const input = screen.getByLabelText("Verification code");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
  });

  it("sends a visitor without a pending sign-up to sign-up", async () => {
    renderScreen(SignupCodeEntryScreen, "/signup-code-entry");
    fireEvent.click(await screen.findByRole("link", { name: "sign up" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/signup");
  });
});

describe("SignupCodeEntryScreen after a reload", () => {
  it("keeps the address from the page's URL, so the code can still be entered", async () => {
    // A reload starts with a fresh session: only the URL still knows the address.
    renderScreen(SignupCodeEntryScreen, "/signup-code-entry", "/signup-code-entry?email=ann%40example.com");
    expect(await screen.findByText("ann@example.com")).toBeTruthy();
    expect(screen.getByLabelText("Verification code")).toBeTruthy();
    expect(screen.queryByTestId("signup-code-no-email")).toBeNull();
  });

  it("ignores an address in the URL that is not an email", async () => {
    renderScreen(SignupCodeEntryScreen, "/signup-code-entry", "/signup-code-entry?email=%3Cscript%3E");
    expect(await screen.findByTestId("signup-code-no-email")).toBeTruthy();
  });
});
