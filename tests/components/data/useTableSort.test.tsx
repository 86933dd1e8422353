import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useTableSort } from "../../../src/data/entries/useTableSort";
import type { Field, ObjectType } from "../../../src/domain/model";
import { STORAGE_PREFIX } from "../../../src/storage";
import { renderScreen } from "../renderScreen";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const field = (name: string, directives: Field["directives"] = []): Field => ({ id: `f_${name}`, name, type: "String", directives }) as Field;
const author = { id: "tbl001", name: "Author", fields: [field("name", [{ name: "sortBy" }] as Field["directives"]), field("bio")] } as ObjectType;

function SortShown() {
  const [sort, setSort] = useTableSort("api1", author);
  return (
    <>
      <output data-testid="sort">{`${sort.field}:${sort.order}`}</output>
      <button type="button" onClick={() => setSort({ field: "name", order: "ASC" })}>
        sort by name
      </button>
    </>
  );
}

const stored = () => JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}sort-range`) ?? "null");

describe("the stored 'sort range' of spec §3 (Local storage: '… filters, sort range …')", () => {
  it("keeps a chosen sort per project and table, beside the URL's ?sort=", async () => {
    renderScreen(SortShown, "/data");
    expect((await screen.findByTestId("sort")).textContent).toBe("name:DESC");
    fireEvent.click(screen.getByText("sort by name"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("sort=name%3AASC"));
    expect(screen.getByTestId("sort").textContent).toBe("name:ASC");
    expect(stored()).toEqual({ "api1/tbl001": "name:ASC" });
  });

  it("gives a table opened without ?sort= its stored sort back", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}sort-range`, JSON.stringify({ "api1/tbl001": "updatedAt:ASC", "api1/other": "x:DESC" }));
    renderScreen(SortShown, "/data");
    await waitFor(() => expect(screen.getByTestId("sort").textContent).toBe("updatedAt:ASC"));
    expect(screen.getByTestId("location").textContent).toContain("sort=updatedAt%3AASC");
  });

  it("lets the link's own ?sort= win over the stored one", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}sort-range`, JSON.stringify({ "api1/tbl001": "updatedAt:ASC" }));
    renderScreen(SortShown, "/data", "/data?sort=createdAt:DESC");
    expect((await screen.findByTestId("sort")).textContent).toBe("createdAt:DESC");
    expect(screen.getByTestId("location").textContent).toContain("createdAt");
    expect(stored()).toEqual({ "api1/tbl001": "updatedAt:ASC" });
  });

  it("forgets a stored sort on a field the table can no longer sort by", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}sort-range`, JSON.stringify({ "api1/tbl001": "bio:ASC" }));
    renderScreen(SortShown, "/data");
    await waitFor(() => expect(stored()).toEqual({}));
    expect(screen.getByTestId("sort").textContent).toBe("name:DESC");
  });
});
