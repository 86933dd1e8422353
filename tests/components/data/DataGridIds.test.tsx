import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, render, screen } from "@testing-library/react";
import en from "../../../locales/en.json";
import { DataGrid, type GridColumn, type GridRow } from "../../../src/data/entries/DataGrid";
import type { Field } from "../../../src/domain/model";

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

const field = (name: string, type: Field["type"]): Field => ({ id: name, name, type, directives: [], readonly: true }) as Field;
const COLUMNS: GridColumn[] = [
  { field: field("id", "ID"), label: "id", typeLabel: "ID", readonly: true, sortable: false },
  { field: field("title", "String"), label: "title", typeLabel: "String", readonly: true, sortable: false },
];
// Rows of one CSV import: their ids share everything but the last group (the line).
const IMPORTED = "3f2a9c41-7d0e-8b1c-a2f4-";
const rows: GridRow[] = [1, 2, 3].map((line) => {
  const id = IMPORTED + line.toString(16).padStart(12, "0");
  return { id, values: { id, title: `Row ${line}` } };
});

function renderGrid() {
  return render(
    <IntlProvider locale="en" messages={en}>
      <DataGrid label="Item" columns={COLUMNS} rows={rows} enums={[]} canEdit={false} selectable={false} selected={new Set()}
        onSelect={() => undefined} sort={{ field: "updatedAt", order: "DESC" }} onSort={() => undefined} onSave={async () => undefined} />
    </IntlProvider>,
  );
}

describe("the id column of imported rows (spec §2 'Generic data table')", () => {
  it("keeps each id's distinguishing tail visible and cuts the shared prefix, with the whole id as text and tooltip", () => {
    renderGrid();
    const cells = screen.getAllByTestId("cell-id");
    expect(cells.map((cell) => cell.querySelector("[data-testid=id-tail]")?.textContent)).toEqual(["000000000001", "000000000002", "000000000003"]);
    cells.forEach((cell, index) => {
      expect(cell.textContent).toBe(rows[index].id);
      expect(cell.querySelector("[title]")?.getAttribute("title")).toBe(rows[index].id);
    });
    // Short ids and other columns are drawn as before.
    expect(screen.getAllByTestId("cell-title")[0].querySelector("[data-testid=id-tail]")).toBeNull();
  });
});
