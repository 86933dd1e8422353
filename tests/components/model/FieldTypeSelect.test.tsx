import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { FieldTypeSelect, type FieldTypePatch } from "../../../src/model/FieldTypeSelect";
import en from "../../../locales/en.json";

afterEach(cleanup);

const enums = [{ id: "enum01", name: "Status", values: [{ name: "OPEN" }] }];

function renderSelect(field: FieldTypePatch) {
  const onChange = vi.fn<(patch: FieldTypePatch) => void>();
  render(
    <IntlProvider locale="en" messages={en}>
      <FieldTypeSelect field={field} enums={enums} onChange={onChange} ariaLabel="Type" testId="type" />
    </IntlProvider>,
  );
  return { select: screen.getByTestId("type") as HTMLSelectElement, onChange };
}

describe("the one field type select (model rows and the data screen's field dialog)", () => {
  it("shows a stored String with @dynamic as Dynamic (spec §5)", () => {
    const { select } = renderSelect({ type: "String", typeId: null, directives: [{ name: "dynamic" }] });
    expect(select.value).toBe("Dynamic");
  });

  it("drops the dynamic marker when another type is chosen", () => {
    const { select, onChange } = renderSelect({ type: "String", typeId: null, directives: [{ name: "dynamic" }, { name: "unique" }] });
    fireEvent.change(select, { target: { value: "Integer" } });
    expect(onChange).toHaveBeenCalledWith({ type: "Integer", typeId: null, directives: [{ name: "unique" }] });
  });

  it("offers the project's enums and chooses one by id", () => {
    const { select, onChange } = renderSelect({ type: "String", typeId: null, directives: [] });
    expect(screen.getByRole("option", { name: "Status" })).toBeTruthy();
    fireEvent.change(select, { target: { value: "enum:enum01" } });
    expect(onChange).toHaveBeenCalledWith({ type: "Enum", typeId: "enum01", directives: [] });
  });

  it("says when a field has no type (its enum was deleted)", () => {
    const { select } = renderSelect({ type: null, typeId: null, directives: [] });
    expect(select.selectedOptions[0].textContent).toBe(en["model.fields.noType"]);
  });
});
