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

  it("adds, edits and deletes an imported table's rows through the live API's writes; a read-only table and a viewer without edit rights get no controls", async () => {
    const importedTables = [
      { name: "Customer", fields: ["name"], canCreate: false, canUpdate: false, canDelete: false },
      { name: "Offer", fields: ["title"], canCreate: true, canUpdate: true, canDelete: true },
    ];
    const { environment } = renderDataScreen({ model, api: { creationType: "IMPORT", state: "IMPORTED", importedTables, viewerCanEditData: true, viewerCanDeleteData: true } });
    const answerRows = async (items: Record<string, unknown>[]) => {
      const operation = await vi.waitFor(() => {
        const pending = environment.mock.getMostRecentOperation();
        expect(pending.request.node.params.name).toBe("ImportedDataQuery");
        return pending;
      });
      environment.mock.resolve(operation, { data: { importedEntries: { items: items.map((item) => JSON.stringify(item)), nextToken: null } } });
      return operation;
    };
    const lastMutation = (name: string) =>
      vi.waitFor(() => {
        const pending = environment.mock.getMostRecentOperation();
        expect(pending.request.node.params.name).toBe(name);
        return pending;
      });
    await answerRows([{ id: "c1", name: "Ada" }]);
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("Ada"));
    // The read-only table: no add, edit or delete.
    expect(screen.queryByTestId("imported-add")).toBeNull();
    expect(screen.queryByTestId("imported-edit")).toBeNull();
    expect(screen.queryByTestId("imported-delete")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Offer" }));
    await answerRows([{ id: "o1", title: "Old" }]);
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("Old"));

    fireEvent.click(screen.getByTestId("imported-add"));
    fireEvent.change(within(screen.getByTestId("imported-entry-dialog")).getByLabelText("title"), { target: { value: "New" } });
    fireEvent.click(screen.getByTestId("imported-entry-save"));
    const created = await lastMutation("useImportedEntryWritesCreateMutation");
    expect(created.request.variables).toEqual({ apiId: "api_1", table: "Offer", values: JSON.stringify({ title: "New" }) });
    environment.mock.resolve(created, { data: { createImportedEntry: JSON.stringify({ id: "o2", title: "New" }) } });
    await answerRows([{ id: "o1", title: "Old" }, { id: "o2", title: "New" }]);
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("New"));
    expect(screen.queryByTestId("imported-entry-dialog")).toBeNull();

    fireEvent.click(screen.getAllByTestId("imported-edit")[0]!);
    const titleInput = within(screen.getByTestId("imported-entry-dialog")).getByLabelText("title") as HTMLInputElement;
    expect(titleInput.value).toBe("Old");
    fireEvent.change(titleInput, { target: { value: "Renamed" } });
    fireEvent.click(screen.getByTestId("imported-entry-save"));
    const updated = await lastMutation("useImportedEntryWritesUpdateMutation");
    expect(updated.request.variables).toEqual({ apiId: "api_1", table: "Offer", values: JSON.stringify({ id: "o1", title: "Renamed" }) });
    // The live API's refusal is shown in the dialog, which stays open.
    environment.mock.resolve(updated, { errors: [{ message: "The live API answered: title too long", extensions: { messageId: "nope" } }], data: null } as never);
    await vi.waitFor(() => expect(screen.getByTestId("imported-entry-error").textContent).toContain("title too long"));
    fireEvent.click(screen.getByTestId("imported-entry-save"));
    environment.mock.resolve(await lastMutation("useImportedEntryWritesUpdateMutation"), { data: { updateImportedEntry: JSON.stringify({ id: "o1", title: "Renamed" }) } });
    await answerRows([{ id: "o1", title: "Renamed" }, { id: "o2", title: "New" }]);
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("Renamed"));

    fireEvent.click(screen.getAllByTestId("imported-delete")[1]!);
    fireEvent.click(within(screen.getByTestId("imported-delete-dialog")).getByTestId("confirm"));
    const deleted = await lastMutation("useImportedEntryWritesDeleteMutation");
    expect(deleted.request.variables).toEqual({ apiId: "api_1", table: "Offer", id: "o2" });
    environment.mock.resolve(deleted, { data: { deleteImportedEntry: JSON.stringify({ id: "o2" }) } });
    await answerRows([{ id: "o1", title: "Renamed" }]);
    await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).not.toContain("New"));

    // A reader sees no controls; an editor who may not delete entries (a developer) no delete.
    for (const [rights, controls] of [
      [{ viewerCanEditData: false, viewerCanDeleteData: false }, { add: false, edit: false, remove: false }],
      [{ viewerCanEditData: true, viewerCanDeleteData: false }, { add: true, edit: true, remove: false }],
    ] as const) {
      cleanup();
      const viewer = renderDataScreen({ model, api: { creationType: "IMPORT", state: "IMPORTED", importedTables: [importedTables[1]], ...rights } });
      const operation = await vi.waitFor(() => {
        const pending = viewer.environment.mock.getMostRecentOperation();
        expect(pending.request.node.params.name).toBe("ImportedDataQuery");
        return pending;
      });
      viewer.environment.mock.resolve(operation, { data: { importedEntries: { items: [JSON.stringify({ id: "o1", title: "Renamed" })], nextToken: null } } });
      await vi.waitFor(() => expect(screen.getByTestId("imported-rows").textContent).toContain("Renamed"));
      expect(!!screen.queryByTestId("imported-add"), JSON.stringify(rights)).toBe(controls.add);
      expect(!!screen.queryByTestId("imported-edit"), JSON.stringify(rights)).toBe(controls.edit);
      expect(!!screen.queryByTestId("imported-delete"), JSON.stringify(rights)).toBe(controls.remove);
    }
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
