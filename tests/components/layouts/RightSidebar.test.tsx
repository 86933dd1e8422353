import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { RightSidebar, RightSidebarSlot } from "../../../src/layouts/RightSidebar";

afterEach(cleanup);

/** A screen in the project layout that opens and closes a panel in the right sidebar. */
function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen((value) => !value)}>
        toggle
      </button>
      {open && (
        <RightSidebar>
          <aside>record editor</aside>
        </RightSidebar>
      )}
    </main>
  );
}

describe("the project layout's right sidebar slot (spec §2 Layouts)", () => {
  it("shows an opened panel in the slot and stops the page behind it from scrolling until it closes", async () => {
    render(
      <RightSidebarSlot>
        <Screen />
      </RightSidebarSlot>,
    );
    const slot = screen.getByTestId("right-sidebar-slot");
    expect(document.body.style.overflow).toBe("");
    act(() => screen.getByText("toggle").click());
    expect((await screen.findByText("record editor")).parentElement).toBe(slot);
    expect(screen.getByRole("main").textContent).not.toContain("record editor");
    expect(document.body.style.overflow).toBe("hidden");
    expect(slot.dataset.open).toBe("true");
    act(() => screen.getByText("toggle").click());
    expect(screen.queryByText("record editor")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("keeps what the page had set for scrolling once the panel closes", async () => {
    document.body.style.overflow = "clip";
    render(
      <RightSidebarSlot>
        <Screen />
      </RightSidebarSlot>,
    );
    act(() => screen.getByText("toggle").click());
    await screen.findByText("record editor");
    expect(document.body.style.overflow).toBe("hidden");
    act(() => screen.getByText("toggle").click());
    expect(document.body.style.overflow).toBe("clip");
    document.body.style.overflow = "";
  });

  it("renders a panel in place outside a layout with the slot", () => {
    render(
      <RightSidebar>
        <aside>record editor</aside>
      </RightSidebar>,
    );
    expect(screen.getByText("record editor")).toBeTruthy();
    expect(document.body.style.overflow).toBe("");
  });
});
