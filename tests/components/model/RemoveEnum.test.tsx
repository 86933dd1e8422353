import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { addField, type SchemaModel } from "../../../src/domain/model";
import { renderModelScreen, sentModel, shopModel } from "./renderModelScreen";

afterEach(cleanup);

/** The shop with the Status enum used by Table1.status and Customer.state. */
function usedEnum(): SchemaModel {
  let model = shopModel();
  model = addField(model, model.objectTypes[0].id, { name: "status", type: "Enum", typeId: "enum01" }).model;
  return addField(model, model.objectTypes[1].id, { name: "state", type: "Enum", typeId: "enum01" }).model;
}

async function openEnums(model: SchemaModel) {
  const view = renderModelScreen(model);
  await screen.findByTestId("type-editor");
  fireEvent.click(screen.getByRole("tab", { name: "Enums" }));
  return view;
}
const enumNames = () => screen.queryAllByTestId("enum-list-item").map((item) => item.textContent);

describe("deleting an enum that fields use", () => {
  it("warns, naming the fields, before anything is removed", async () => {
    await openEnums(usedEnum());
    fireEvent.click(screen.getByTestId("remove-enum"));
    const dialog = screen.getByTestId("remove-enum-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Delete enum Status?");
    expect(screen.getByTestId("remove-enum-fields").textContent).toBe(
      "These fields use it and are removed when you save: Table1.status and Customer.state.",
    );
    expect(enumNames()).toEqual(["Status"]);
    expect(screen.queryByTestId("model-save")).toBeNull();
  });

  it("keeps the enum and its fields when the user cancels", async () => {
    await openEnums(usedEnum());
    fireEvent.click(screen.getByTestId("remove-enum"));
    fireEvent.click(screen.getByTestId("remove-enum-cancel"));
    expect(screen.queryByTestId("remove-enum-dialog")).toBeNull();
    expect(enumNames()).toEqual(["Status"]);
    expect(screen.queryByTestId("model-save")).toBeNull();
  });

  it("removes the enum, and on save its fields, when the user confirms", async () => {
    const { environment } = await openEnums(usedEnum());
    fireEvent.click(screen.getByTestId("remove-enum"));
    fireEvent.click(screen.getByTestId("remove-enum-confirm"));
    expect(enumNames()).toEqual([]);
    fireEvent.click(screen.getByTestId("model-save"));
    const sent = sentModel(environment.mock.getMostRecentOperation());
    expect(sent.enumTypes).toEqual([]);
    const fieldNames = sent.objectTypes.flatMap((table) => table.fields.map((field) => field.name));
    expect(fieldNames).not.toContain("status");
    expect(fieldNames).not.toContain("state");
  });

  it("removes an enum no field uses without asking", async () => {
    await openEnums(shopModel());
    fireEvent.click(screen.getByTestId("remove-enum"));
    expect(screen.queryByTestId("remove-enum-dialog")).toBeNull();
    expect(enumNames()).toEqual([]);
  });
});
