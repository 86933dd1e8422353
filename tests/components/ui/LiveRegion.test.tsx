import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { LiveRegionProvider, useAnnounce } from "../../../src/ui/LiveRegion";
import { Alert } from "../../../src/ui/Alert";

afterEach(cleanup);

function SaveForm() {
  const [saved, setSaved] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSaved(true)}>
        Save
      </button>
      {saved && <Alert variant="success">Settings saved.</Alert>}
    </>
  );
}

function Progress() {
  const announce = useAnnounce();
  return (
    <button type="button" onClick={() => announce("Publishing: 2 of 3 steps done")}>
      Step
    </button>
  );
}

describe("the polite live region", () => {
  it("is in the page before anything is announced, so screen readers know it", () => {
    render(<LiveRegionProvider>page</LiveRegionProvider>);
    const region = screen.getByRole("status");
    expect(region).toHaveProperty("textContent", "");
    expect(region.getAttribute("aria-live")).toBe("polite");
  });

  it("reads a notice that appears with its text (the saved toast) through the region", async () => {
    render(
      <LiveRegionProvider>
        <SaveForm />
      </LiveRegionProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("live-region").textContent).toBe("Settings saved."));
  });

  it("announces progress that a screen reports, again when the text repeats", async () => {
    render(
      <LiveRegionProvider>
        <Progress />
      </LiveRegionProvider>,
    );
    const region = screen.getByTestId("live-region");
    fireEvent.click(screen.getByRole("button", { name: "Step" }));
    await waitFor(() => expect(region.textContent).toBe("Publishing: 2 of 3 steps done"));
    fireEvent.click(screen.getByRole("button", { name: "Step" }));
    expect(region.textContent).toBe("");
    await waitFor(() => expect(region.textContent).toBe("Publishing: 2 of 3 steps done"));
  });

  it("leaves errors to role=alert, which interrupts", () => {
    render(
      <LiveRegionProvider>
        <Alert variant="danger">Wrong code.</Alert>
      </LiveRegionProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Wrong code.");
    expect(screen.getByTestId("live-region").textContent).toBe("");
  });
});
