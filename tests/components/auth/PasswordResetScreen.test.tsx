import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import PasswordResetScreen from "../../../src/auth/PasswordResetScreen";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);

describe("PasswordResetScreen", () => {
  it("starts at step 1 of 2 and needs a valid address before sending a code", async () => {
    renderScreen(PasswordResetScreen, "/password-reset");
    expect(await screen.findByText("Step 1 of 2")).toBeTruthy();
    const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send code" }));

    submit();
    expect(screen.getByText("Please enter your email address.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "ann@" } });
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
  });
});
