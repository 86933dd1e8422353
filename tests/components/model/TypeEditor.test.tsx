import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ApiError } from "../../../src/relay/errors";
import { answerUpdate, renderModelScreen, sentModel, shopModel } from "./renderModelScreen";

afterEach(cleanup);

const typeName = () => screen.getByTestId("type-name") as HTMLInputElement;
const rename = (value: string) => fireEvent.change(typeName(), { target: { value } });
const nameError = () => typeName().closest(".field")?.querySelector(".field-error")?.textContent ?? null;
const fieldRow = (name: string) => screen.getAllByTestId("field-row").find((row) => row.dataset.fieldName === name)!;

async function openShop(api = {}) {
  const view = renderModelScreen(shopModel(), api);
  await screen.findByTestId("type-editor");
  return view;
}

describe("type editor", () => {
  it("shows the first table and its fields, without Save or Cancel while nothing changed", async () => {
    await openShop();
    expect(typeName().value).toBe("Table1");
    expect(screen.getAllByTestId("field-row").map((row) => row.dataset.fieldName)).toEqual(["id", "createdAt", "updatedAt", "title"]);
    expect(screen.queryByTestId("model-save")).toBeNull();
    expect(screen.queryByTestId("model-cancel")).toBeNull();
  });

  it.each([["Query"], ["mutation"], ["Activity"], ["ApiKey"], ["Subscription"]])(
    "refuses the reserved type name %s with the localized message and disables Save",
    async (name) => {
      await openShop();
      rename(name);
      expect(nameError()).toBe("This name is reserved.");
      expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it("refuses a duplicate type name (case-insensitive) and a one-letter name", async () => {
    await openShop();
    rename("customer");
    expect(nameError()).toBe("This name is already used.");
    expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(true);
    rename("A");
    expect(nameError()).toBe("The name needs at least 2 characters.");
    rename("Article");
    expect(nameError()).toBeNull();
    expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses reserved and duplicate field names", async () => {
    await openShop();
    const title = within(fieldRow("title")).getByTestId("field-name");
    fireEvent.change(title, { target: { value: "Version" } });
    expect(within(fieldRow("Version")).getByTestId("field-name-error").textContent).toBe("This field name is reserved.");
    fireEvent.change(title, { target: { value: "createdat" } });
    expect(within(fieldRow("createdat")).getByTestId("field-name-error").textContent).toBe("This field name is reserved.");
    fireEvent.click(screen.getByTestId("add-field"));
    const added = within(fieldRow("newField1")).getByTestId("field-name");
    fireEvent.change(title, { target: { value: "price" } });
    fireEvent.change(added, { target: { value: "price" } });
    expect(within(screen.getAllByTestId("field-row")[4]).getByTestId("field-name-error").textContent).toBe(
      "Field names need at least 2 characters and must be unique in the table.",
    );
    expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(true);
  });

  it("says when a field is required in one control; some operations stay per operation, all three collapse into required", async () => {
    const { environment } = await openShop();
    const required = () => within(fieldRow("title")).getByTestId("field-required") as HTMLSelectElement;
    expect([...required().options].map((option) => option.text)).toEqual([
      "Optional", "On create", "On update", "On delete", "Create, update", "Create, delete", "Update, delete", "Always",
    ]);
    fireEvent.change(required(), { target: { value: "create+delete" } });
    expect(required().value).toBe("create+delete");
    fireEvent.click(screen.getByTestId("model-save"));
    const saved = (operation: ReturnType<typeof environment.mock.getMostRecentOperation>) =>
      sentModel(operation).objectTypes[0].fields.find((field) => field.name === "title")!.directives;
    expect(saved(environment.mock.getMostRecentOperation())).toEqual([{ name: "requiredOnCreate" }, { name: "requiredOnDelete" }]);
  });

  it("locks the read-only fields: id and createdAt entirely, updatedAt but its label", async () => {
    await openShop();
    for (const name of ["id", "createdAt"]) {
      const row = within(fieldRow(name));
      expect((row.getByTestId("field-name") as HTMLInputElement).disabled).toBe(true);
      expect((row.getByTestId("field-required") as HTMLInputElement).disabled).toBe(true);
      expect((row.getByTestId("field-label") as HTMLInputElement).disabled).toBe(true);
      expect(row.queryByTestId("remove-field")).toBeNull();
    }
    const updatedAt = within(fieldRow("updatedAt"));
    expect((updatedAt.getByTestId("field-label") as HTMLInputElement).disabled).toBe(false);
    const sortBy = updatedAt.getByTestId("field-sort-by") as HTMLInputElement;
    expect([sortBy.checked, sortBy.disabled]).toEqual([true, true]);
  });

  it("shows Save and Cancel only for real changes, not for selecting another table", async () => {
    await openShop();
    fireEvent.click(screen.getAllByTestId("type-list-item")[1]);
    expect(typeName().value).toBe("Customer");
    expect(screen.queryByTestId("model-save")).toBeNull();
    rename("Client");
    expect(screen.getByTestId("model-save")).toBeTruthy();
    rename("Customer");
    expect(screen.queryByTestId("model-save")).toBeNull();
  });

  it("Cancel restores the saved model", async () => {
    await openShop();
    rename("Article");
    fireEvent.click(screen.getByTestId("add-field"));
    expect(screen.getAllByTestId("field-row")).toHaveLength(5);
    fireEvent.click(screen.getByTestId("model-cancel"));
    expect(typeName().value).toBe("Table1");
    expect(screen.getAllByTestId("field-row")).toHaveLength(4);
    expect(screen.queryByTestId("model-save")).toBeNull();
  });

  it("saves the whole declaration through updateApi and hides Save once stored", async () => {
    const { environment } = await openShop();
    rename("Article");
    fireEvent.change(within(fieldRow("title")).getByTestId("field-type"), { target: { value: "enum:enum01" } });
    fireEvent.click(screen.getByTestId("model-save"));
    const sent = sentModel(environment.mock.getMostRecentOperation());
    expect(sent.objectTypes.map((objectType) => objectType.name)).toEqual(["Article", "Customer"]);
    expect(sent.enumTypes.map((enumType) => enumType.name)).toEqual(["Status"]);
    expect(sent.objectTypes[0].fields[3]).toMatchObject({ name: "title", type: "Enum", typeId: "enum01", isEnum: true });
    await act(async () => answerUpdate(environment));
    expect(screen.queryByTestId("model-save")).toBeNull();
    expect(typeName().value).toBe("Article");
  });

  it("shows the server's refusal in place, localized", async () => {
    const { environment } = await openShop();
    rename("Article");
    fireEvent.click(screen.getByTestId("model-save"));
    await act(async () =>
      environment.mock.reject(
        environment.mock.getMostRecentOperation(),
        new ApiError("This name is reserved.", "form_feedback_type_name_reserved", "BAD_USER_INPUT"),
      ),
    );
    expect(screen.getByTestId("model-save-error").textContent).toBe("This name is reserved.");
    expect(screen.getByTestId("model-save")).toBeTruthy();
  });

  it("saves unsaved changes when the screen is left", async () => {
    const { environment, unmount } = await openShop();
    rename("Article");
    unmount();
    expect(sentModel(environment.mock.getMostRecentOperation()).objectTypes[0].name).toBe("Article");
  });

  it("connects two tables and lists the connection on both sides", async () => {
    await openShop();
    fireEvent.change(screen.getByTestId("connection-kind"), { target: { value: "hasMany" } });
    fireEvent.click(screen.getByTestId("add-connection"));
    expect(screen.getByTestId("connection").textContent).toContain("has many Customer");
    fireEvent.click(screen.getAllByTestId("type-list-item")[1]);
    expect(screen.getByTestId("connection").textContent).toContain("belongs to Table1");
    // Each pair connects once: nothing is left to connect to.
    expect(screen.queryByTestId("add-connection")).toBeNull();
    expect(screen.getByTestId("no-more-connections")).toBeTruthy();
  });

  it("opens the table named in the URL hash, and the hash follows the selection and renames", async () => {
    renderModelScreen(shopModel(), {}, "/api/api_1/types#Customer");
    await screen.findByTestId("type-editor");
    expect(typeName().value).toBe("Customer");
    fireEvent.click(screen.getAllByTestId("type-list-item")[0]);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/types#Table1"));
    rename("Article");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_1/types#Article"));
  });

  it("locks the users table once the project is published", async () => {
    const model = shopModel();
    model.objectTypes[1].directives = [{ name: "users" }];
    renderModelScreen(model, { state: "PUBLISHED", graphqlUrl: "http://localhost/p/api_1/graphql" }, "/api/api_1/types#Customer");
    await screen.findByTestId("users-table-locked");
    expect(typeName().disabled).toBe(true);
    expect(screen.queryByTestId("add-field")).toBeNull();
    expect(screen.queryByTestId("duplicate-type")).toBeNull();
    expect(screen.queryByTestId("remove-type")).toBeNull();
    fireEvent.click(screen.getAllByTestId("type-list-item")[0]);
    expect(typeName().disabled).toBe(false);
  });

  it("hides table editing for an imported API", async () => {
    await openShop({ creationType: "IMPORT" });
    expect(screen.getByTestId("model-imported")).toBeTruthy();
    expect(typeName().disabled).toBe(true);
    expect(screen.queryByTestId("add-type")).toBeNull();
    expect(screen.queryByTestId("add-field")).toBeNull();
    expect(screen.queryByTestId("remove-type")).toBeNull();
  });

  it("offers triggers only for a published API; a new one starts before, with all six types, on Node 18", async () => {
    await openShop();
    expect(screen.queryByRole("tab", { name: "Triggers" })).toBeNull();
    cleanup();
    await openShop({ graphqlUrl: "http://localhost/p/api_1/graphql", state: "PUBLISHED" });
    fireEvent.click(screen.getByRole("tab", { name: "Triggers" }));
    fireEvent.click(screen.getByTestId("add-trigger"));
    expect((screen.getByTestId("trigger-step") as HTMLSelectElement).value).toBe("before");
    expect((screen.getByTestId("trigger-runtime") as HTMLSelectElement).value).toBe("nodejs18.x");
    expect((screen.getByTestId("trigger-type-all") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId("add-trigger") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("trigger-name"), { target: { value: "ab" } });
    expect(screen.getByTestId("trigger").textContent).toContain("The trigger name needs at least 3 characters.");
    fireEvent.change(screen.getByTestId("trigger-name"), { target: { value: "audit" } });
    expect((screen.getByTestId("add-trigger") as HTMLButtonElement).disabled).toBe(false);
    // The function a trigger runs is named by its file name.
    fireEvent.change(screen.getByTestId("trigger-function"), { target: { value: "audit.js" } });
    expect((screen.getByTestId("trigger-function") as HTMLInputElement).value).toBe("audit.js");
    for (const type of ["create", "update", "delete", "list", "listByParent"]) fireEvent.click(screen.getByTestId(`trigger-type-${type}`));
    const object = screen.getByTestId("trigger-type-object") as HTMLInputElement;
    expect([object.checked, object.disabled]).toEqual([true, true]);
    expect(screen.getByTestId("trigger").textContent).toContain("Choose at least one data change: create, update or delete.");
  });
});
