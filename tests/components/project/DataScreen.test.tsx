import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { STORAGE_PREFIX } from "../../../src/storage";
import { renderDataScreen, resolveUpdate, table } from "./renderDataScreen";

const model = {
  objectTypes: [table("t1", "Customer", ["email"]), table("t2", "Contact", ["phone", "notes"]), table("t3", "Offer")],
  enumTypes: [],
};

const tabs = () => screen.getAllByRole("tab");
const selectedTab = () => tabs().find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent;
const columns = () => screen.getAllByTestId("column-header").map((header) => header.querySelector(".column-name")?.textContent);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("data view of an unpublished project", () => {
  it("shows one tab per table and selects the table named in the URL hash", async () => {
    renderDataScreen({ model, url: "/api/api_1/data#Contact" });
    expect(await screen.findAllByRole("tab")).toHaveLength(3);
    expect(tabs().map((tab) => tab.textContent)).toEqual(["Customer", "Contact", "Offer"]);
    expect(selectedTab()).toBe("Contact");
    expect(columns()).toEqual(["id", "createdAt", "updatedAt", "phone", "notes"]);
  });

  it("without a hash selects the remembered table, else the first", async () => {
    localStorage.setItem(`${STORAGE_PREFIX}active-table`, JSON.stringify("Offer"));
    renderDataScreen({ model });
    await screen.findAllByRole("tab");
    expect(selectedTab()).toBe("Offer");
    cleanup();
    localStorage.clear();
    renderDataScreen({ model });
    await screen.findAllByRole("tab");
    expect(selectedTab()).toBe("Customer");
  });

  it("puts a clicked tab's name into the hash and remembers it", async () => {
    renderDataScreen({ model });
    fireEvent.click(await screen.findByRole("tab", { name: "Offer" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/data#Offer"));
    expect(selectedTab()).toBe("Offer");
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}active-table`)!)).toBe("Offer");
  });

  it("disables add, import, filter, delete and export, keeps reload, and asks to publish first", async () => {
    renderDataScreen({ model });
    const toolbar = await screen.findByRole("toolbar");
    for (const name of ["Add entry", "Import", "Filter", "Delete", "Export"]) {
      expect(button(within(toolbar).getByRole("button", { name })).disabled).toBe(true);
    }
    expect(button(within(toolbar).getByRole("button", { name: "Reload" })).disabled).toBe(false);
    expect(screen.getByTestId("publish-hint").textContent).toBe("Please publish project before editing data.");
  });

  it("shows an imported project's rows from its live API, without table editing, read-only where it has no writes", async () => {
    const importedTables = [
      { name: "Customer", fields: ["name"], canCreate: false, canUpdate: false, canDelete: false },
      { name: "Offer", fields: ["title"], canCreate: true, canUpdate: true, canDelete: true },
    ];
    const { environment } = renderDataScreen({ model, api: { creationType: "IMPORT", state: "IMPORTED", importedTables } });
    await screen.findByTestId("imported-data");
    expect(screen.queryByTestId("add-table-menu")).toBeNull();
    expect(screen.queryByTestId("table-actions")).toBeNull();
    expect(screen.queryByTestId("add-field-column")).toBeNull();
    expect(screen.getByTestId("imported-read-only")).toBeTruthy();
    const operation = await vi.waitFor(() => {
      const pending = environment.mock.getMostRecentOperation();
      expect(pending.request.node.params.name).toBe("ImportedDataQuery");
      return pending;
    });
    expect(operation.request.variables).toEqual({ apiId: "api_1", table: "Customer", nextToken: null });
    environment.mock.resolve(operation, { data: { importedEntries: { items: [JSON.stringify({ id: "c1", name: "Ada" })], nextToken: null } } });
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("Ada"));
  });

  it("adds NewTable1 through the add-table dropdown, saving the whole declaration", async () => {
    const { environment } = renderDataScreen({ model });
    fireEvent.click(within(await screen.findByTestId("add-table-menu")).getByRole("button", { name: "Add table" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "New table" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("useUpdateApiMutation");
    const saved = JSON.parse(operation.request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Customer", "Contact", "Offer", "NewTable1"]);
    resolveUpdate(environment);
    await vi.waitFor(() => expect(selectedTab()).toBe("NewTable1"));
  });

  it("renames a table through the table name dialog and refuses a reserved name in place", async () => {
    const { environment } = renderDataScreen({ model, url: "/api/api_1/data#Offer" });
    fireEvent.click(within(await screen.findByTestId("table-actions")).getByRole("button"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Table name" }));
    const dialog = await screen.findByTestId("table-name-dialog");
    const input = within(dialog).getByLabelText("Name");
    fireEvent.change(input, { target: { value: "Query" } });
    expect(within(dialog).getByRole("alert", { hidden: true }).textContent).toBe("This name is reserved.");
    expect(button(within(dialog).getByTestId("dialog-submit")).disabled).toBe(true);
    fireEvent.change(input, { target: { value: "Quote 2" } });
    expect((input as HTMLInputElement).value).toBe("Quote2");
    fireEvent.click(within(dialog).getByTestId("dialog-submit"));
    const operation = environment.mock.getMostRecentOperation();
    const saved = JSON.parse(operation.request.variables.input.schema);
    expect(saved.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Customer", "Contact", "Quote2"]);
  });
});

const button = (element: HTMLElement) => element as HTMLButtonElement;
