import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import en from "../../../locales/en.json";
import { DataGrid, type GridColumn, type GridRow } from "../../../src/data/entries/DataGrid";
import type { Field } from "../../../src/domain/model";
import { Menu, MenuItem } from "../../../src/ui/Menu";

afterEach(cleanup);

// happy-dom lays nothing out: give elements a viewport's size so the virtualiser draws rows.
const sizes = { clientWidth: 1200, clientHeight: 600 } as const;
const original = Object.fromEntries(Object.keys(sizes).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]));
beforeAll(() => {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

const field = (name: string, type: Field["type"], readonly = false): Field => ({ id: name, name, type, directives: [], readonly }) as Field;
const COLUMNS: GridColumn[] = [
  { field: field("id", "ID", true), label: "id", typeLabel: "ID", readonly: true, sortable: false },
  { field: field("name", "String"), label: "name", typeLabel: "String", readonly: false, sortable: true },
];
const ROWS: GridRow[] = Array.from({ length: 30 }, (_, n) => ({ id: `r${n + 1}`, values: { id: `r${n + 1}`, name: `Name ${n + 1}` } }));

/** The entries grid's shape: selection and edit columns, a configure menu per field, add field. */
function Grid(props: { rows?: GridRow[]; onOpenRow?: (row: GridRow) => void; onAddField?: () => void; onEditField?: (name: string) => void; onSave?: () => Promise<void> }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <IntlProvider locale="en" messages={en}>
      <button type="button">before</button>
      <DataGrid
        label="Author"
        columns={COLUMNS}
        rows={props.rows ?? ROWS}
        enums={[]}
        canEdit
        selectable
        selected={selected}
        onSelect={setSelected}
        sort={{ field: "name", order: "ASC" }}
        onSort={() => undefined}
        onSave={props.onSave ?? (async () => undefined)}
        onOpenRow={props.onOpenRow ?? (() => undefined)}
        onAddField={props.onAddField ?? (() => undefined)}
        columnMenu={(column) =>
          column.readonly ? null : (
            <Menu floating buttonTabIndex={-1} buttonClassName="btn column-menu-button" ariaLabel={`Configure field ${column.field.name}`} label="⋯">
              <MenuItem onSelect={() => props.onEditField?.(column.field.name)}>Edit field</MenuItem>
              <MenuItem onSelect={() => undefined}>Remove field</MenuItem>
            </Menu>
          )
        }
      />
    </IntlProvider>
  );
}

const grid = () => screen.getByRole("grid");
const cell = (row: string, column: string) => document.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`)!;
const focused = () => document.activeElement as HTMLElement;
/** Presses a key on the focused element; true when the grid left it to the browser. */
const press = (name: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(focused(), { key: name, ...init });
const tabStops = () => Array.from(grid().querySelectorAll<HTMLElement>("[tabindex='0'], input:not([tabindex]), button:not([tabindex])"));

describe("the data grid by keyboard alone (WAI-ARIA grid pattern)", () => {
  it("is one tab stop: every checkbox and button inside waits for the arrow keys", () => {
    render(<Grid />);
    expect(tabStops()).toEqual([cell("r1", "id")]);
    fireEvent.focus(screen.getByRole("checkbox", { name: "Select entry r2" }));
    // The stop follows the focus, wherever it came from (a click, a key).
    expect(tabStops()).toEqual([screen.getByRole("checkbox", { name: "Select entry r2" })]);
  });

  it("moves with the arrows across the selection, edit and add-field columns and the header row", () => {
    render(<Grid />);
    cell("r1", "id").focus();
    press("ArrowLeft");
    expect(focused()).toBe(screen.getByRole("button", { name: "Edit entry r1" }));
    press("ArrowLeft");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select entry r1" }));
    press("ArrowUp");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select all loaded entries" }));
    press("End");
    expect(focused()).toBe(screen.getByRole("button", { name: "Add field" }));
    press("ArrowDown");
    expect(focused()).toBe(cell("r1", "#add"));
    press("ArrowLeft");
    expect(focused()).toBe(cell("r1", "name"));
    press("ArrowUp");
    expect(focused()).toBe(cell("#header", "name"));
    expect(focused().tagName).toBe("TH");
    press("Home");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select all loaded entries" }));
  });

  it("jumps with Ctrl+Home, Ctrl+End, PageUp and PageDown", () => {
    // All drawn (happy-dom scrolls nothing); the browser test scrolls a virtualised grid.
    render(<Grid rows={ROWS.slice(0, 12)} />);
    cell("r1", "name").focus();
    press("End", { ctrlKey: true });
    expect(focused()).toBe(cell("r12", "#add"));
    press("Home", { ctrlKey: true });
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select all loaded entries" }));
    press("PageDown");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select entry r12" }));
    press("PageUp");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select all loaded entries" }));
  });

  it("toggles the row's selection with Space from any cell of the row, and the checkbox keeps its own Space", () => {
    render(<Grid />);
    cell("r2", "name").focus();
    expect(press(" ")).toBe(false);
    expect(screen.getByRole("checkbox", { name: "Select entry r2" })).toHaveProperty("checked", true);
    expect(screen.queryByTestId("cell-input")).toBeNull();
    press("ArrowLeft");
    press("ArrowLeft");
    expect(focused()).toBe(screen.getByRole("button", { name: "Edit entry r2" }));
    press(" ");
    expect(screen.getByRole("checkbox", { name: "Select entry r2" })).toHaveProperty("checked", false);
    press("ArrowLeft");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select entry r2" }));
    // The browser toggles a focused checkbox on Space: the grid does not do it twice.
    expect(press(" ")).toBe(true);
  });

  it("edits with Enter and F2, and opens the record with Shift+Enter from any cell of the row", () => {
    const onOpenRow = vi.fn();
    render(<Grid onOpenRow={onOpenRow} />);
    cell("r3", "name").focus();
    press("F2");
    expect(screen.getByTestId("cell-input")).toHaveProperty("value", "Name 3");
    fireEvent.keyDown(screen.getByTestId("cell-input"), { key: "Escape" });
    expect(focused()).toBe(cell("r3", "name"));
    press("Enter");
    expect(screen.getByTestId("cell-input")).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId("cell-input"), { key: "Escape" });
    press("Home");
    expect(focused()).toBe(screen.getByRole("checkbox", { name: "Select entry r3" }));
    press("Enter", { shiftKey: true });
    expect(onOpenRow).toHaveBeenCalledWith(expect.objectContaining({ id: "r3" }));
  });

  it("moves into a header's buttons with Enter, among them with Tab, and back with Escape", () => {
    render(<Grid />);
    cell("#header", "name").focus();
    press("Enter");
    expect(focused()).toBe(screen.getByTestId("sort-name"));
    press("Tab");
    expect(focused()).toBe(screen.getByRole("button", { name: "Configure field name" }));
    press("Tab");
    expect(focused()).toBe(screen.getByTestId("sort-name"));
    press("Escape");
    expect(focused()).toBe(cell("#header", "name"));
  });

  it("opens the configure menu outside the header cell, focuses its first item, and Escape returns to the button", () => {
    const onEditField = vi.fn();
    render(<Grid onEditField={onEditField} />);
    const button = screen.getByRole("button", { name: "Configure field name" });
    fireEvent.click(button);
    const menu = screen.getByRole("menu");
    // Drawn outside the grid, whose header cells clip what overflows them.
    expect(grid().contains(menu)).toBe(false);
    expect(menu.parentElement).toBe(document.body);
    expect(focused()).toBe(screen.getByRole("menuitem", { name: "Edit field" }));
    // The menu's keys are its own: ArrowDown moves in the list, not in the grid.
    press("ArrowDown");
    expect(focused()).toBe(screen.getByRole("menuitem", { name: "Remove field" }));
    press("Escape");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(focused()).toBe(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("menuitem", { name: "Edit field" }));
    expect(onEditField).toHaveBeenCalledWith("name");
    expect(focused()).toBe(button);
  });

  it("acts on every arrow pressed before React has drawn the last move, as under load", () => {
    render(<Grid />);
    cell("r1", "id").focus();
    const pressedAt = focused();
    // One act: React renders once at its end, so the second and third press find the focus
    // still on the first cell, as keys arriving faster than the page renders do.
    act(() => {
      for (let n = 0; n < 3; n++) fireEvent.keyDown(pressedAt, { key: "ArrowDown" });
    });
    expect(focused()).toBe(cell("r4", "id"));
  });
});
