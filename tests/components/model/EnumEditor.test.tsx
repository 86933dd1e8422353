import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderModelScreen, sentModel, shopModel } from "./renderModelScreen";

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

const enumName = () => screen.getByTestId("enum-name") as HTMLInputElement;
const listNames = () => screen.getAllByTestId("enum-list-item").map((item) => item.textContent);
const values = () => screen.getAllByTestId("enum-value-input") as HTMLInputElement[];
const addValue = () => screen.getByTestId("add-enum-value") as HTMLButtonElement;

async function openEnums() {
  const view = renderModelScreen(shopModel());
  await screen.findByTestId("type-editor");
  fireEvent.click(screen.getByRole("tab", { name: "Enums" }));
  return view;
}

describe("enum editor", () => {
  it("switches tabs with the arrow keys", async () => {
    await openEnums();
    const enums = screen.getByRole("tab", { name: "Enums" });
    expect(enums.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(enums, { key: "ArrowLeft" });
    expect(screen.getByRole("tab", { name: "Types" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("type-editor")).toBeTruthy();
  });

  it("applies a name change 300 ms after the last keystroke", async () => {
    await openEnums();
    vi.useFakeTimers();
    fireEvent.change(enumName(), { target: { value: "Stat" } });
    fireEvent.change(enumName(), { target: { value: "State" } });
    expect(enumName().value).toBe("State");
    act(() => vi.advanceTimersByTime(299));
    expect(listNames()).toEqual(["Status"]);
    expect(screen.queryByTestId("model-save")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(listNames()).toEqual(["State"]);
    expect(screen.getByTestId("model-save")).toBeTruthy();
  });

  it("refuses an enum name that a table already has, or one longer than 64 characters", async () => {
    await openEnums();
    vi.useFakeTimers();
    fireEvent.change(enumName(), { target: { value: "Customer" } });
    act(() => vi.advanceTimersByTime(300));
    expect(enumName().closest(".field")?.querySelector(".field-error")?.textContent).toBe("This name is already used.");
    fireEvent.change(enumName(), { target: { value: "E".repeat(65) } });
    act(() => vi.advanceTimersByTime(300));
    expect(enumName().closest(".field")?.querySelector(".field-error")?.textContent).toBe("At most 64 characters.");
    expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(true);
  });

  it("checks each value: no leading digit, unique, at most 64 characters", async () => {
    await openEnums();
    const errors = () => screen.queryAllByTestId("enum-value-error").map((error) => error.textContent);
    fireEvent.change(values()[1], { target: { value: "1DONE" } });
    expect(errors()).toEqual(["A value must not start with a digit."]);
    fireEvent.change(values()[1], { target: { value: "OPEN" } });
    expect(errors()).toEqual(["This value is already in the enumeration."]);
    fireEvent.change(values()[1], { target: { value: "V".repeat(65) } });
    expect(errors()).toEqual(["At most 64 characters."]);
    expect((screen.getByTestId("model-save") as HTMLButtonElement).disabled).toBe(true);
  });

  it("adds a value only when the last one is filled, and stores values trimmed", async () => {
    const { environment } = await openEnums();
    fireEvent.click(addValue());
    expect(values()).toHaveLength(3);
    expect(addValue().disabled).toBe(true);
    fireEvent.change(values()[2], { target: { value: "  LATE  " } });
    expect(addValue().disabled).toBe(false);
    fireEvent.blur(values()[2]);
    expect(values()[2].value).toBe("LATE");
    fireEvent.click(screen.getByTestId("model-save"));
    expect(sentModel(environment.mock.getMostRecentOperation()).enumTypes[0].values.map((value) => value.name)).toEqual([
      "OPEN",
      "DONE",
      "LATE",
    ]);
  });

  it("adds a new enum only while the first one is named", async () => {
    await openEnums();
    fireEvent.click(screen.getByTestId("add-enum"));
    expect(listNames()).toEqual(["(unnamed)", "Status"]);
    expect((screen.getByTestId("add-enum") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("enum-values-error").textContent).toBe("An enumeration needs at least one value.");
  });
});
