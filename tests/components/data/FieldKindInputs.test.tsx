import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, render, screen } from "@testing-library/react";
import en from "../../../locales/en.json";
import { CellEditor } from "../../../src/data/entries/CellEditor";
import { RecordFieldInput } from "../../../src/data/record/RecordFieldInput";
import { FIELD_TYPES, type FieldType } from "../../../src/domain/fields/names";
import type { EnumType, Field } from "../../../src/domain/model";

afterEach(cleanup);

const enums = [{ id: "enum_size", name: "Size", values: [{ name: "S" }, { name: "M" }] }] as unknown as EnumType[];
const fieldOf = (fieldType: FieldType): Field =>
  (fieldType === "Dynamic"
    ? { id: "f", name: "value", type: "String", directives: [{ name: "dynamic" }] }
    : { id: "f", name: "value", type: fieldType, typeId: fieldType === "Enum" ? "enum_size" : undefined, directives: [] }) as unknown as Field;

/** What tells one control from another for the user: element, native type, keyboard, length and choices. */
function controlShape(control: HTMLElement) {
  return {
    element: control.tagName.toLowerCase(),
    type: control.getAttribute("type"),
    inputMode: control.getAttribute("inputmode"),
    step: control.getAttribute("step"),
    maxLength: control.getAttribute("maxlength"),
    choices: control instanceof HTMLSelectElement ? [...control.options].map((option) => `${option.value}=${option.textContent}`) : null,
  };
}

function gridEditorShape(field: Field) {
  const { unmount } = render(
    <IntlProvider locale="en" messages={en}>
      <CellEditor field={field} label="value" enums={enums} draft="" saving={false} error={null} onDraft={() => undefined} onCommit={() => undefined} onCancel={() => undefined} />
    </IntlProvider>,
  );
  const shape = controlShape(screen.getByTestId("cell-input"));
  unmount();
  return shape;
}

function recordFormShape(field: Field) {
  const { unmount } = render(
    <IntlProvider locale="en" messages={en}>
      <RecordFieldInput field={field} enums={enums} text="" readOnly={false} onChange={() => undefined} />
    </IntlProvider>,
  );
  const shape = controlShape(screen.getByTestId("record-field-value"));
  unmount();
  return shape;
}

describe("the grid's cell editor and the record form type a field the same way (one input per field kind)", () => {
  it.each(FIELD_TYPES.map((fieldType) => [fieldType]))("%s: the same control in the grid and the form", (fieldType) => {
    const field = fieldOf(fieldType);
    expect(gridEditorShape(field)).toEqual(recordFormShape(field));
  });

  it("types an email as an email, a URL as a URL and a phone number as a phone number in both", () => {
    for (const [fieldType, type] of [["Email", "email"], ["Url", "url"], ["Phone", "tel"]] as const) {
      expect(gridEditorShape(fieldOf(fieldType)).type).toBe(type);
      expect(recordFormShape(fieldOf(fieldType)).type).toBe(type);
    }
  });
});
