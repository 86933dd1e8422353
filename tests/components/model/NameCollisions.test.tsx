import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { addConnection, addObjectType, initialModel, renameObjectType } from "../../../src/domain/model";
import { renderModelScreen, shopModel } from "./renderModelScreen";

afterEach(cleanup);

const typeName = () => screen.getByTestId("type-name") as HTMLInputElement;
const nameError = () => typeName().closest(".field")?.querySelector(".field-error")?.textContent ?? null;
const saveDisabled = () => (screen.getByTestId("model-save") as HTMLButtonElement).disabled;
const fieldRow = (name: string) => screen.getAllByTestId("field-row").find((row) => row.dataset.fieldName === name)!;

/** The model editor says why a name would collide in the generated API, and Save waits. */
describe("names the generated API already holds", () => {
  it("refuses a table named like another table's filter input", async () => {
    renderModelScreen(shopModel());
    await screen.findByTestId("type-editor");
    fireEvent.change(typeName(), { target: { value: "CustomerFilterInput" } });
    expect(nameError()).toBe("CustomerFilterInput is a name the API already generates for Customer. Choose another name.");
    expect(saveDisabled()).toBe(true);
  });

  it("refuses a field named like the filter's and", async () => {
    renderModelScreen(shopModel());
    await screen.findByTestId("type-editor");
    fireEvent.change(within(fieldRow("title")).getByTestId("field-name"), { target: { value: "and" } });
    expect(within(fieldRow("and")).getByTestId("field-name-error").textContent).toBe(
      "and combines conditions in this table's filter (and, or, not). Choose another field name.",
    );
    expect(saveDisabled()).toBe(true);
  });

  it("says on Owner's name why Dog cannot belong to it, and takes PetOwner", async () => {
    const start = initialModel();
    const dog = renameObjectType(start, start.objectTypes[0].id, "Dog");
    const owner = addObjectType(dog, "PetOwner");
    renderModelScreen(addConnection(owner.model, start.objectTypes[0].id, owner.id, "belongsTo"));
    await screen.findByTestId("type-editor");
    fireEvent.click(screen.getAllByTestId("type-list-item").find((item) => item.textContent?.includes("PetOwner"))!);
    fireEvent.change(typeName(), { target: { value: "Owner" } });
    expect(nameError()).toBe(
      "Connected to Owner, the table Dog would get a field owner, which it already has (every table has id, createdAt, updatedAt and owner). Rename the table Owner.",
    );
    expect(saveDisabled()).toBe(true);
    fireEvent.change(typeName(), { target: { value: "PetOwner2" } });
    expect(nameError()).toBeNull();
  });
});
