import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { FilterDropdown } from "../../../src/data/filter/FilterDropdown";
import { FilterChips } from "../../../src/data/filter/FilterChips";
import type { FilterCondition } from "../../../src/domain/filters";
import type { EnumType, Field } from "../../../src/domain/model";
import en from "../../../locales/en.json";

afterEach(cleanup);

const field = (name: string, type: Field["type"], extra: Partial<Field> = {}): Field =>
  ({ id: `f_${name}`, name, type, directives: [], isList: false, isEnum: type === "Enum", isBoolean: type === "Boolean", ...extra }) as Field;

const fields: Field[] = [
  field("id", "ID", { readonly: true }),
  field("title", "String"),
  field("pages", "Integer"),
  field("status", "Enum", { typeId: "enum01" }),
  field("data", "Json"),
];
const enums: EnumType[] = [{ id: "enum01", name: "Status", values: [{ name: "OPEN" }, { name: "DONE" }] }] as EnumType[];

let applied: FilterCondition[][] = [];

function Harness(props: { initial?: FilterCondition[] }) {
  const [conditions, setConditions] = useState<FilterCondition[]>(props.initial ?? []);
  const change = (next: FilterCondition[]) => {
    applied.push(next);
    setConditions(next);
  };
  return (
    <IntlProvider locale="en" messages={en}>
      <p data-testid="outside">outside</p>
      <FilterDropdown fields={fields} enums={enums} conditions={conditions} onChange={change} />
      <FilterChips conditions={conditions} onChange={change} />
    </IntlProvider>
  );
}

const open = () => fireEvent.click(screen.getByTestId("toolbar-filter"));
const dropdown = () => screen.queryByTestId("filter-dropdown");
const heading = () => within(dropdown()!).getByRole("heading").textContent;

describe("the filter dropdown's three-step stack (spec §2 'Filter dropdown')", () => {
  it("opens and closes by its button", () => {
    applied = [];
    render(<Harness />);
    open();
    expect(dropdown()).toBeTruthy();
    expect(screen.getByTestId("toolbar-filter").getAttribute("aria-expanded")).toBe("true");
    open();
    expect(dropdown()).toBeNull();
  });

  it("walks field, then operator, then value, and Apply sets the filter", () => {
    applied = [];
    render(<Harness />);
    open();
    expect(heading()).toBe("Choose a field");
    fireEvent.click(screen.getByTestId("filter-field-title"));
    expect(heading()).toBe("Choose an operator");
    fireEvent.click(screen.getByTestId("filter-operator-beginsWith"));
    expect(heading()).toBe("Enter a value");
    expect((screen.getByTestId("filter-apply") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("filter-value"), { target: { value: "Dune" } });
    fireEvent.click(screen.getByTestId("filter-apply"));
    expect(applied.at(-1)).toEqual([{ field: "title", operator: "beginsWith", value: "Dune" }]);
    expect(dropdown()).toBeNull();
    expect(screen.getByTestId("filter-chip").textContent).toContain("title begins with Dune");
  });

  it("offers only the operators the domain allows for the field's type", () => {
    render(<Harness />);
    open();
    fireEvent.click(screen.getByTestId("filter-field-pages"));
    expect(screen.queryByTestId("filter-operator-gt")).toBeTruthy();
    expect(screen.queryByTestId("filter-operator-beginsWith")).toBeNull();
    fireEvent.click(screen.getByTestId("filter-back"));
    fireEvent.click(screen.getByTestId("filter-field-data"));
    const offered = within(dropdown()!).getAllByRole("button").map((button) => button.getAttribute("data-testid"));
    expect(offered.filter((id) => id?.startsWith("filter-operator-"))).toEqual(["filter-operator-attributeExists"]);
  });

  it("Back clears the later step: a value typed for one operator is gone after going back", () => {
    render(<Harness />);
    open();
    fireEvent.click(screen.getByTestId("filter-field-pages"));
    fireEvent.click(screen.getByTestId("filter-operator-gt"));
    fireEvent.change(screen.getByTestId("filter-value"), { target: { value: "12" } });
    fireEvent.click(screen.getByTestId("filter-back"));
    expect(heading()).toBe("Choose an operator");
    fireEvent.click(screen.getByTestId("filter-operator-lt"));
    expect((screen.getByTestId("filter-value") as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByTestId("filter-back"));
    fireEvent.click(screen.getByTestId("filter-back"));
    expect(heading()).toBe("Choose a field");
  });

  it("keeps only what a number input may hold (spec §5 sanitiser) and sends a number", () => {
    applied = [];
    render(<Harness />);
    open();
    fireEvent.click(screen.getByTestId("filter-field-pages"));
    fireEvent.click(screen.getByTestId("filter-operator-ge"));
    fireEvent.change(screen.getByTestId("filter-value"), { target: { value: "1a2b" } });
    expect((screen.getByTestId("filter-value") as HTMLInputElement).value).toBe("12");
    fireEvent.click(screen.getByTestId("filter-apply"));
    expect(applied.at(-1)).toEqual([{ field: "pages", operator: "ge", value: 12 }]);
  });

  it("offers an enum's values and combines a second condition with the first (and)", () => {
    applied = [];
    render(<Harness initial={[{ field: "pages", operator: "gt", value: 3 }]} />);
    open();
    fireEvent.click(screen.getByTestId("filter-field-status"));
    fireEvent.click(screen.getByTestId("filter-operator-eq"));
    fireEvent.change(screen.getByTestId("filter-value"), { target: { value: "DONE" } });
    fireEvent.click(screen.getByTestId("filter-apply"));
    expect(applied.at(-1)).toEqual([
      { field: "pages", operator: "gt", value: 3 },
      { field: "status", operator: "eq", value: "DONE" },
    ]);
    expect(screen.getAllByTestId("filter-chip")).toHaveLength(2);
  });

  it("Clear resets the filter", () => {
    applied = [];
    render(<Harness initial={[{ field: "pages", operator: "gt", value: 3 }]} />);
    open();
    fireEvent.click(screen.getByTestId("filter-clear"));
    expect(applied.at(-1)).toEqual([]);
    expect(screen.queryByTestId("filter-chip")).toBeNull();
  });

  it("a chip's remove button drops only its condition", () => {
    applied = [];
    render(
      <Harness
        initial={[
          { field: "pages", operator: "gt", value: 3 },
          { field: "title", operator: "contains", value: "x" },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: pages is greater than 3" }));
    expect(applied.at(-1)).toEqual([{ field: "title", operator: "contains", value: "x" }]);
  });

  it("closes on Escape, returning focus to its button, and applies nothing", () => {
    applied = [];
    render(<Harness />);
    open();
    fireEvent.click(screen.getByTestId("filter-field-title"));
    fireEvent.keyDown(screen.getByTestId("filter-operator-eq"), { key: "Escape" });
    expect(dropdown()).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("toolbar-filter"));
    expect(applied).toEqual([]);
    open();
    expect(heading()).toBe("Choose a field");
  });

  it("closes on a click outside", () => {
    render(<Harness />);
    open();
    fireEvent.pointerDown(screen.getByTestId("outside"));
    expect(dropdown()).toBeNull();
  });
});
