import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import en from "../../../locales/en.json";
import { TableTabs } from "../../../src/data/TableTabs";
import type { ObjectType } from "../../../src/domain/model";

const restore: (() => void)[] = [];
afterEach(() => {
  cleanup();
  restore.splice(0).forEach((undo) => undo());
});

/** happy-dom lays nothing out: a strip of tabs `stripWidth` wide in a container `containerWidth` wide. */
function layout(stripWidth: number, containerWidth: number) {
  for (const [name, value] of [
    ["scrollWidth", (element: HTMLElement) => (element.getAttribute("role") === "tablist" ? stripWidth : 0)],
    ["clientWidth", (element: HTMLElement) => (element.classList.contains("table-tabs") ? containerWidth : 300)],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: function (this: HTMLElement) { return value(this); } });
    restore.push(() => (original ? Object.defineProperty(HTMLElement.prototype, name, original) : delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name]));
  }
}

const tables = Array.from({ length: 12 }, (_, n) => ({ id: `t${n}`, name: `Table${n}` }) as unknown as ObjectType);
const renderTabs = () =>
  render(
    <IntlProvider locale="en" messages={en}>
      <TableTabs tables={tables} selectedId="t0" onSelect={() => undefined} />
    </IntlProvider>,
  );

describe("the table tabs (spec §2: 'with scroll arrows when tabs overflow'; §9 'Tab scroll step 40 px', 'container width minus 150 px')", () => {
  it("shows scroll arrows when the tabs exceed the container width minus 150 px, each moving the strip by 40 px", () => {
    layout(1000, 1100);
    renderTabs();
    const strip = screen.getByRole("tablist");
    expect(screen.getByTestId("tabs-scroll-right")).toBeTruthy();
    fireEvent.click(screen.getByTestId("tabs-scroll-right"));
    fireEvent.click(screen.getByTestId("tabs-scroll-right"));
    expect(strip.scrollLeft).toBe(80);
    fireEvent.click(screen.getByTestId("tabs-scroll-left"));
    expect(strip.scrollLeft).toBe(40);
  });

  it("shows no arrows while the tabs fit", () => {
    layout(900, 1100);
    renderTabs();
    expect(screen.queryByTestId("tabs-scroll-right")).toBeNull();
    expect(screen.queryByTestId("tabs-scroll-left")).toBeNull();
  });
});
