import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import LoginScreen from "../../../src/auth/LoginScreen";
import { resetSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

describe("LoginScreen", () => {
  it("keeps only the characters an email address may hold, lowercased, while typing", async () => {
    renderScreen(LoginScreen, "/login");
    await screen.findByTestId("login-screen");
    type("Email address", " Ann Smith!@Example.COM ");
    expect(screen.getByLabelText("Email address")).toHaveProperty("value", "annsmith@example.com");
  });

  it("shows field errors only after the first submit, then follows the typing", async () => {
    renderScreen(LoginScreen, "/login");
    await screen.findByTestId("login-screen");
    type("Email address", "ann@example");
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();

    submit();
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Please enter your password.")).toBeTruthy();

    type("Email address", "ann@example.com");
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
    expect(screen.getByText("Please enter your password.")).toBeTruthy();
  });

  it("tells a user whose address was just confirmed to sign in", async () => {
    renderScreen(LoginScreen, "/login", "/login?notice=confirmed");
    expect(await screen.findByText("Your email address is confirmed. Please sign in.")).toBeTruthy();
  });

  it("leads to password reset", async () => {
    renderScreen(LoginScreen, "/login");
    fireEvent.click(await screen.findByRole("link", { name: "Forgot your password?" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/password-reset");
  });
});
