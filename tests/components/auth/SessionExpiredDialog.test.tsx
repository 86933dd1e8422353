import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import SessionExpiredDialog from "../../../src/auth/SessionExpiredDialog";
import { closeSessionExpired, notifySessionExpired, useSessionExpiredOpen } from "../../../src/session/expiry";
import { renderScreen } from "../renderScreen";

// The dialog's two ways out; what they do to the session is the session module's business.
const session = vi.hoisted(() => ({ refreshAccessToken: vi.fn(), signOut: vi.fn() }));
vi.mock("../../../src/session/tokens", () => ({ refreshAccessToken: session.refreshAccessToken }));
vi.mock("../../../src/session/actions", () => ({ signOut: session.signOut }));

/** Like the root layout: the dialog lives while the expiry flag is set. */
function Host() {
  return useSessionExpiredOpen() ? <SessionExpiredDialog /> : null;
}

beforeEach(async () => {
  // Only the countdown's clock is faked; the router keeps its real timers.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  session.refreshAccessToken.mockReset();
  session.signOut.mockReset().mockResolvedValue(undefined);
  notifySessionExpired();
  renderScreen(Host, "/org/o1/apis");
  await screen.findByTestId("session-expired-dialog");
});

afterEach(() => {
  cleanup();
  closeSessionExpired();
  vi.useRealTimers();
});

const countdown = () => screen.getByTestId("session-expired-countdown").textContent;
const location = () => screen.getByTestId("location").textContent;

describe("SessionExpiredDialog", () => {
  it("counts the seconds down", () => {
    expect(countdown()).toBe("For your security you will be signed out in 60 seconds.");
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe("For your security you will be signed out in 59 seconds.");
    act(() => vi.advanceTimersByTime(58_000));
    expect(countdown()).toBe("For your security you will be signed out in 1 second.");
  });

  it("signs out by itself when the countdown ends and goes to login", async () => {
    act(() => vi.advanceTimersByTime(60_000));
    expect(session.signOut).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(location()).toBe("/login"));
  });

  it("keeps the session when Continue can refresh it", async () => {
    session.refreshAccessToken.mockResolvedValue("fresh-token");
    fireEvent.click(screen.getByRole("button", { name: "Continue", hidden: true }));
    await vi.waitFor(() => expect(screen.queryByTestId("session-expired-dialog")).toBeNull());
    expect(session.signOut).not.toHaveBeenCalled();
    expect(location()).toBe("/org/o1/apis");
  });

  it("signs out when Continue cannot refresh the session", async () => {
    session.refreshAccessToken.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole("button", { name: "Continue", hidden: true }));
    await vi.waitFor(() => expect(location()).toBe("/login"));
    expect(session.signOut).toHaveBeenCalledTimes(1);
  });

  it("signs out at once with Sign out", async () => {
    fireEvent.click(screen.getByRole("button", { name: "Sign out", hidden: true }));
    await vi.waitFor(() => expect(location()).toBe("/login"));
    expect(session.signOut).toHaveBeenCalledTimes(1);
  });
});
