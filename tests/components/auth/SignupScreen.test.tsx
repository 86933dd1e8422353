import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import SignupScreen from "../../../src/auth/SignupScreen";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
const ruleStates = () =>
  Object.fromEntries(
    within(screen.getByTestId("password-rules"))
      .getAllByRole("listitem")
      .map((item) => [item.textContent?.replace(/ \(.*\)$/, ""), item.textContent?.endsWith("(fulfilled)")]),
  );

async function renderSignup() {
  renderScreen(SignupScreen, "/signup");
  await screen.findByTestId("signup-screen");
}

describe("SignupScreen", () => {
  it("asks to accept the terms of service before signing up", async () => {
    await renderSignup();
    type("Email address", "ann@example.com");
    type("Password", "Secret123");
    type("Confirm password", "Secret123");
    submit();
    expect(screen.getByText("Please accept the terms of service.")).toBeTruthy();

    fireEvent.click(screen.getByRole("checkbox"));
    expect(screen.queryByText("Please accept the terms of service.")).toBeNull();
  });

  it("ticks off the password rules while typing", async () => {
    await renderSignup();
    expect(ruleStates()).toEqual({
      "at least 8 characters": false,
      "a lowercase letter": false,
      "an uppercase letter": false,
      "a digit": false,
    });
    type("Password", "abc");
    expect(ruleStates()).toEqual({
      "at least 8 characters": false,
      "a lowercase letter": true,
      "an uppercase letter": false,
      "a digit": false,
    });
    type("Password", "Abcdefg1");
    expect(Object.values(ruleStates())).toEqual([true, true, true, true]);
  });

  it("refuses a password that misses the policy", async () => {
    await renderSignup();
    type("Password", "abcdefgh");
    submit();
    expect(screen.getByText("Password does not fulfill security requirements.")).toBeTruthy();
  });

  it("refuses a confirmation that does not match, until it does", async () => {
    await renderSignup();
    type("Password", "Secret123");
    type("Confirm password", "Secret124");
    submit();
    expect(screen.getByText("The passwords do not match.")).toBeTruthy();

    type("Confirm password", "Secret123");
    expect(screen.queryByText("The passwords do not match.")).toBeNull();
  });
});
