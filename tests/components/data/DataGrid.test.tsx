import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import en from "../../../locales/en.json";
import { DataGrid, type GridColumn, type GridRow } from "../../../src/data/entries/DataGrid";
import type { GridSort } from "../../../src/data/entries/entriesSearch";
import type { Field } from "../../../src/domain/model";
import { ApiError } from "../../../src/relay/errors";

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
  { field: field("name", "String"), label: "name", typeLabel: "String", readonly: false, sortable: false },
  { field: field("age", "Integer"), label: "age", typeLabel: "Integer", readonly: false, sortable: true },
];

function Grid(props: {
  onSave: (row: GridRow, field: Field, text: string) => Promise<void>;
  canEdit?: boolean;
  rows?: GridRow[];
  columns?: GridColumn[];
  onOpenRow?: (row: GridRow) => void;
  onFollowLink?: (row: GridRow, column: GridColumn) => void;
}) {
  const [rows, setRows] = useState<GridRow[]>(
    props.rows ?? [
      { id: "r1", values: { id: "r1", name: "Ada", age: 36 } },
      { id: "r2", values: { id: "r2", name: "Grace", age: 40 } },
      { id: "r3", values: { id: "r3", name: "Linus", age: 50 } },
    ],
  );
  const [sort, setSort] = useState<GridSort>({ field: "age", order: "DESC" });
  return (
    <IntlProvider locale="en" messages={en}>
      <DataGrid
        label="Author"
        columns={props.columns ?? COLUMNS}
        rows={rows}
        onOpenRow={props.onOpenRow}
        onFollowLink={props.onFollowLink}
        enums={[]}
        canEdit={props.canEdit ?? true}
        selectable={false}
        selected={new Set()}
        onSelect={() => undefined}
        sort={sort}
        onSort={setSort}
        onSave={async (row, changed, text) => {
          await props.onSave(row, changed, text);
          setRows((current) => current.map((candidate) => (candidate.id === row.id ? { ...candidate, values: { ...candidate.values, [changed.name]: text } } : candidate)));
        }}
      />
      <button type="button" onClick={() => setRows((current) => [{ id: "r0", values: { id: "r0", name: "Live", age: 1 } }, ...current])}>
        arrives live
      </button>
    </IntlProvider>
  );
}

const cell = (row: string, column: string) => document.querySelector<HTMLElement>(`[data-cell="${row}:${column}"]`)!;
const key = (target: Element, name: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(target, { key: name, ...init });

describe("the data grid's keyboard model (spec §2 'Generic data table')", () => {
  it("moves the selection with the arrow keys, and leaves Tab to the browser (the grid is one tab stop)", () => {
    render(<Grid onSave={vi.fn()} />);
    fireEvent.click(cell("r1", "name"));
    key(cell("r1", "name"), "ArrowDown");
    expect(document.activeElement).toBe(cell("r2", "name"));
    key(document.activeElement!, "ArrowRight");
    expect(document.activeElement).toBe(cell("r2", "age"));
    // Not prevented: the browser moves the focus past the grid.
    expect(key(document.activeElement!, "Tab")).toBe(true);
    expect(document.activeElement).toBe(cell("r2", "age"));
    key(document.activeElement!, "ArrowUp");
    expect(document.activeElement).toBe(cell("r1", "age"));
  });

  it("'Cell edit mode is entered by double-click, Enter, or typing a character (typing replaces the content). It is left with Escape.'", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<Grid onSave={onSave} />);
    fireEvent.doubleClick(cell("r1", "name"));
    expect(screen.getByTestId("cell-input")).toHaveProperty("value", "Ada");
    key(screen.getByTestId("cell-input"), "Escape");
    expect(screen.queryByTestId("cell-input")).toBeNull();
    expect(cell("r1", "name").textContent).toBe("Ada");

    key(cell("r1", "name"), "Enter");
    expect(screen.getByTestId("cell-input")).toHaveProperty("value", "Ada");
    key(screen.getByTestId("cell-input"), "Escape");

    key(cell("r1", "name"), "Z");
    const input = screen.getByTestId("cell-input");
    expect(input).toHaveProperty("value", "Z");
    fireEvent.change(input, { target: { value: "Zoe" } });
    key(input, "Enter");
    await waitFor(() => expect(cell("r1", "name").textContent).toBe("Zoe"));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: "r1" }), expect.objectContaining({ name: "name" }), "Zoe");
    // Enter saved and moved the selection down.
    await waitFor(() => expect(document.activeElement).toBe(cell("r2", "name")));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("'Read-only columns cannot be edited, and Enter on them moves the selection down.'", () => {
    render(<Grid onSave={vi.fn()} />);
    fireEvent.click(cell("r1", "id"));
    fireEvent.doubleClick(cell("r1", "id"));
    expect(screen.queryByTestId("cell-input")).toBeNull();
    key(cell("r1", "id"), "x");
    expect(screen.queryByTestId("cell-input")).toBeNull();
    key(cell("r1", "id"), "Enter");
    expect(document.activeElement).toBe(cell("r2", "id"));
  });

  it("gives viewers who may not edit no edit mode: Enter moves down", () => {
    render(<Grid onSave={vi.fn()} canEdit={false} />);
    fireEvent.click(cell("r1", "name"));
    fireEvent.doubleClick(cell("r1", "name"));
    key(cell("r1", "name"), "a");
    expect(screen.queryByTestId("cell-input")).toBeNull();
    key(cell("r1", "name"), "Enter");
    expect(document.activeElement).toBe(cell("r2", "name"));
  });

  it("shows a cell as saving while the project API answers, and saves it once", async () => {
    let answer: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<Grid onSave={onSave} />);
    key(cell("r1", "name"), "B");
    key(screen.getByTestId("cell-input"), "Enter");
    await waitFor(() => expect(screen.getByTestId("cell-input").getAttribute("aria-busy")).toBe("true"));
    key(screen.getByTestId("cell-input"), "Enter");
    expect(onSave).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() => expect(screen.queryByTestId("cell-input")).toBeNull());
    expect(cell("r1", "name").textContent).toBe("B");
  });

  it("keeps a refused value in edit mode with the localized message, and saves nothing", async () => {
    const onSave = vi.fn().mockRejectedValue(new ApiError("age must be a whole number", "error_value_integer", "BAD_USER_INPUT", { field: "age" }));
    render(<Grid onSave={onSave} />);
    key(cell("r1", "age"), "9");
    const input = screen.getByTestId("cell-input");
    key(input, "Enter");
    const alert = await screen.findByTestId("cell-error");
    expect(alert.textContent).toContain("age must be a whole number");
    expect(screen.getByTestId("cell-input")).toHaveProperty("value", "9");
    key(screen.getByTestId("cell-input"), "Escape");
    expect(cell("r1", "age").textContent).toBe("36");
  });

  it("sanitises what is typed by the field's kind (spec §5 'Integer input keeps digits and a leading minus')", () => {
    render(<Grid onSave={vi.fn()} />);
    key(cell("r1", "age"), "-");
    const input = screen.getByTestId("cell-input");
    fireEvent.change(input, { target: { value: "-12a5" } });
    expect(input).toHaveProperty("value", "-125");
    // A decimal mark is kept: 12.5 is then refused as not whole instead of saved as 125.
    fireEvent.change(input, { target: { value: "-12a.5" } });
    expect(input).toHaveProperty("value", "-12.5");
  });

  it("keeps the selection and an open edit when a row arrives live", () => {
    render(<Grid onSave={vi.fn()} />);
    fireEvent.doubleClick(cell("r2", "name"));
    fireEvent.change(screen.getByTestId("cell-input"), { target: { value: "Grace H" } });
    fireEvent.click(screen.getByText("arrives live"));
    const editing = screen.getByTestId("cell-input");
    expect(editing).toHaveProperty("value", "Grace H");
    expect(editing.closest("[data-cell]")?.getAttribute("data-cell")).toBe("r2:name");
  });

  it("toggles the sort of a sortable column between descending and ascending", () => {
    render(<Grid onSave={vi.fn()} />);
    const header = screen.getByTestId("sort-age").closest("th")!;
    expect(header.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(screen.getByTestId("sort-age"));
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    expect(within(screen.getAllByTestId("column-header")[0]).queryByRole("button")).toBeNull();
  });

  it("cuts cell text after 50 characters with an ellipsis ('Cell text is truncated to 50 characters plus an ellipsis.')", () => {
    const long = "x".repeat(60);
    render(<Grid onSave={vi.fn()} rows={[{ id: "r1", values: { id: "r1", name: long, age: 1 } }]} />);
    expect(cell("r1", "name").textContent).toBe(`${"x".repeat(50)}…`);
  });

  it("opens the row's record with Shift+Enter, while Enter stays the key of edit mode (docs/DECISIONS.md)", () => {
    const onOpenRow = vi.fn();
    render(<Grid onSave={vi.fn()} onOpenRow={onOpenRow} />);
    fireEvent.click(cell("r2", "name"));
    key(cell("r2", "name"), "Enter", { shiftKey: true });
    expect(onOpenRow).toHaveBeenCalledWith(expect.objectContaining({ id: "r2" }));
    expect(screen.queryByTestId("cell-input")).toBeNull();
    key(cell("r2", "name"), "Enter");
    expect(screen.getByTestId("cell-input")).toBeTruthy();
  });

  it("shows connections read-only: a click or Enter on the cell follows it, typing edits nothing", () => {
    const onFollowLink = vi.fn();
    const parent: GridColumn = { field: field("authorId", "ID", true), label: "authorId", typeLabel: "belongs to Author", readonly: true, sortable: false, link: { kind: "parent", table: "Author" } };
    const children: GridColumn = { field: field("@Review.first", "ID", true), label: "Review", typeLabel: "has many", readonly: true, sortable: false, link: { kind: "children", table: "Review" } };
    render(
      <Grid
        onSave={vi.fn()}
        onFollowLink={onFollowLink}
        columns={[...COLUMNS, parent, children]}
        rows={[
          { id: "b1", values: { id: "b1", name: "Notes", age: 1, authorId: "a7" } },
          { id: "b2", values: { id: "b2", name: "Orphan", age: 2, authorId: null } },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open Author a7" }));
    expect(onFollowLink).toHaveBeenLastCalledWith(expect.objectContaining({ id: "b1" }), parent);
    key(cell("b1", "@Review.first"), "Enter");
    expect(onFollowLink).toHaveBeenLastCalledWith(expect.objectContaining({ id: "b1" }), children);
    key(cell("b1", "authorId"), "x");
    expect(screen.queryByTestId("cell-input")).toBeNull();
    // A record with no parent has nothing to follow: Enter moves down as on any read-only cell.
    onFollowLink.mockClear();
    fireEvent.click(cell("b2", "authorId"));
    key(cell("b2", "authorId"), "Enter");
    expect(onFollowLink).not.toHaveBeenCalled();
  });
});
