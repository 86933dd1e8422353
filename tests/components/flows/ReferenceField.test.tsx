import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import en from "../../../locales/en.json";
import { StepPanel } from "../../../src/flows/editor/NodePanel";
import type { FlowSchema, FlowStep } from "../../../src/domain/flows/types";

afterEach(cleanup);

/** Order → create an Invoice → mail; and a loop over the order's lines whose body is `line`. */
const SCHEMA: FlowSchema = {
  triggers: [{ id: "t1", name: "On order", variant: "data", table: "Order", changes: ["create"] }],
  steps: [
    { id: "make", name: "Make invoice", variant: "createEntry", table: "Invoice", fields: {}, next: "mail" },
    { id: "mail", name: "Mail customer", variant: "sendEmail", to: "", subject: "", next: "each" },
    { id: "each", variant: "loop", items: "{{trigger.entry.lines}}", loopStep: "line" },
    { id: "line", variant: "httpRequest", url: "" },
  ],
  startStep: "make",
};
const FIELDS = { Order: ["customer", "total"], Invoice: ["amount"] };

function Panel(props: { stepId: string }) {
  const [step, setStep] = useState<FlowStep>(SCHEMA.steps.find((s) => s.id === props.stepId)!);
  return (
    <IntlProvider locale="en" messages={en}>
      <StepPanel step={step} schema={SCHEMA} tables={["Order", "Invoice"]} fieldsOf={FIELDS} problems={[]} readOnly={false} onChange={(patch) => setStep({ ...step, ...patch })} onDelete={() => {}} onStart={() => {}} />
    </IntlProvider>
  );
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const offered = () => within(screen.getByRole("listbox", { name: "References this step may use" })).queryAllByRole("option").map((option) => option.textContent?.split(" ")[0]);

describe("reference suggestions in a step's value fields", () => {
  it("typing {{ offers the trigger's entry fields and earlier steps' outputs, narrowed by what follows", () => {
    render(<Panel stepId="mail" />);
    const subject = screen.getByRole("combobox", { name: "Subject" });
    expect(subject.getAttribute("aria-expanded")).toBe("false");
    type(subject, "Order {{");
    expect(subject.getAttribute("aria-expanded")).toBe("true");
    const paths = offered();
    expect(paths).toEqual(expect.arrayContaining(["{{trigger.entry.customer}}", "{{trigger.entry.total}}", "{{trigger.entry.id}}", "{{steps.make.output.id}}", "{{steps.make.output.amount}}"]));
    // Not itself, not a later step, no loop values outside a loop.
    expect(paths.some((path) => path?.includes("steps.mail") || path?.includes("steps.each") || path?.includes("loop."))).toBe(false);
    type(subject, "Order {{cust");
    expect(offered()).toEqual(["{{trigger.entry.customer}}"]);
  });

  it("arrows move through the list, Enter writes the reference, Escape closes it and keeps the text", () => {
    render(<Panel stepId="mail" />);
    const subject = screen.getByRole("combobox", { name: "Subject" });
    type(subject, "For {{steps.make.output");
    const options = within(screen.getByRole("listbox", { name: "References this step may use" })).getAllByRole("option");
    expect(options.length).toBeGreaterThan(1);
    expect(subject.getAttribute("aria-activedescendant")).toBe(options[0].id);
    fireEvent.keyDown(subject, { key: "ArrowDown" });
    expect(subject.getAttribute("aria-activedescendant")).toBe(options[1].id);
    expect(options[1].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(subject, { key: "ArrowUp" });
    fireEvent.keyDown(subject, { key: "ArrowUp" });
    expect(subject.getAttribute("aria-activedescendant")).toBe(options.at(-1)!.id);
    fireEvent.keyDown(subject, { key: "ArrowDown" });
    const chosen = options[0].textContent!.split(" ")[0];
    fireEvent.keyDown(subject, { key: "Enter" });
    expect((subject as HTMLInputElement).value).toBe(`For ${chosen}`);
    expect(subject.getAttribute("aria-expanded")).toBe("false");

    type(subject, "Again {{trig");
    expect(subject.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(subject, { key: "Escape" });
    expect(subject.getAttribute("aria-expanded")).toBe("false");
    expect((subject as HTMLInputElement).value).toBe("Again {{trig");
  });

  it("inside a loop's body it offers loop.item and loop.index, and the steps before the loop, not the loop's own output", () => {
    render(<Panel stepId="line" />);
    const url = screen.getByRole("combobox", { name: "Address (URL)" });
    type(url, "https://example.com/{{");
    const paths = offered();
    expect(paths).toEqual(expect.arrayContaining(["{{loop.item}}", "{{loop.index}}", "{{steps.make.output.id}}", "{{steps.mail.output}}"]));
    expect(paths).not.toContain("{{steps.each.output}}");
  });
});
