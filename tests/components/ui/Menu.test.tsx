import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Menu, MenuItem } from "../../../src/ui/Menu";

afterEach(cleanup);

function renderMenu(onSelect = vi.fn()) {
  render(
    <div>
      <Menu label="Account">
        <MenuItem onSelect={onSelect}>First</MenuItem>
        <MenuItem onSelect={() => {}}>Second</MenuItem>
      </Menu>
      <p>outside</p>
    </div>,
  );
  return { button: screen.getByRole("button", { name: "Account" }), onSelect };
}

describe("dropdown menu", () => {
  it("opens and closes by button click", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole("menu")).toBeTruthy();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on Escape and gives focus back to the button", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes on a click outside", () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText("outside"));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("moves between items with the arrow keys and closes after a choice", () => {
    const { button, onSelect } = renderMenu();
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const [first, second] = screen.getAllByRole("menuitem");
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(first);
    fireEvent.click(first);
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
