import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useTableFilter } from "../../../src/data/filter/useTableFilter";
import { parseFilterSearch } from "../../../src/domain/filters";
import type { Field, ObjectType } from "../../../src/domain/model";
import { STORAGE_PREFIX } from "../../../src/storage";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const field = (name: string, type: Field["type"]): Field => ({ id: `f_${name}`, name, type, directives: [] }) as unknown as Field;
const author = { id: "tbl001", name: "Author", fields: [field("name", "String"), field("age", "Integer")] } as ObjectType;

function FilterShown() {
  const [conditions, setConditions] = useTableFilter("api1", author);
  return (
    <>
      <output data-testid="filter">{JSON.stringify(conditions)}</output>
      <button type="button" onClick={() => setConditions([{ field: "age", operator: "ge", value: 30 }])}>
        at least 30
      </button>
      <button type="button" onClick={() => setConditions([])}>
        clear
      </button>
    </>
  );
}

const stored = () => JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}filters`) ?? "null");
const AGE_30 = JSON.stringify([{ field: "age", operator: "ge", value: 30 }]);
/** The conditions the location's ?filter= holds (router search values are JSON). */
const urlFilter = () => {
  const search = new URLSearchParams((screen.getByTestId("location").textContent ?? "").split("?")[1]);
  return JSON.stringify(parseFilterSearch(JSON.parse(search.get("filter") ?? "null")));
};

describe("the stored 'filters' of spec §3 ('The active filter … live[s] in the URL … and in the stored filters')", () => {
  it("keeps an applied filter per project and table beside the URL's ?filter=, and forgets a cleared one", async () => {
    renderScreen(FilterShown, "/data");
    fireEvent.click(await screen.findByText("at least 30"));
    await waitFor(() => expect(screen.getByTestId("filter").textContent).toBe(AGE_30));
    expect(urlFilter()).toBe(AGE_30);
    expect(stored()).toEqual({ "api1/tbl001": { age: { ge: 30 } } });
    fireEvent.click(screen.getByText("clear"));
    await waitFor(() => expect(screen.getByTestId("filter").textContent).toBe("[]"));
    expect(stored()).toEqual({});
  });

  it("gives a table opened without ?filter= its stored filter back, into the URL", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}filters`, JSON.stringify({ "api1/tbl001": { age: { ge: 30 } } }));
    renderScreen(FilterShown, "/data");
    await waitFor(() => expect(screen.getByTestId("filter").textContent).toBe(AGE_30));
    expect(urlFilter()).toBe(AGE_30);
  });

  it("drops a condition on a field the table no longer has, or with an operator its type does not allow", async () => {
    renderScreen(FilterShown, "/data", `/data?filter=${encodeURIComponent(JSON.stringify({ and: [{ gone: { eq: "x" } }, { age: { beginsWith: "3" } }, { name: { eq: "Ada" } }] }))}`);
    await waitFor(() => expect(screen.getByTestId("filter").textContent).toBe(JSON.stringify([{ field: "name", operator: "eq", value: "Ada" }])));
  });
});
