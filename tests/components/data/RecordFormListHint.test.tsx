import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import de from "../../../locales/de.json";
import en from "../../../locales/en.json";
import { RecordForm } from "../../../src/data/record/RecordForm";
import type { Field, ObjectType } from "../../../src/domain/model";

afterEach(cleanup);

const prices = { id: "f_prices", name: "prices", type: "ListFloat", directives: [] } as unknown as Field;
const tags = { id: "f_tags", name: "tags", type: "ListString", directives: [] } as unknown as Field;
const table = { id: "tbl_p", name: "Product", directives: [], fields: [prices, tags], parents: {} } as unknown as ObjectType;

function Form(props: { locale: "en" | "de"; environment: ReturnType<typeof createMockEnvironment> }) {
  return (
    <IntlProvider locale={props.locale} messages={props.locale === "de" ? de : en}>
      <RelayEnvironmentProvider environment={props.environment}>
        <RecordForm entry={null} table={table} enums={[]} frame={{ table: "Product", id: null }} deleted={false} onCreated={() => undefined} onCancelNew={() => undefined} onReload={() => undefined} />
      </RelayEnvironmentProvider>
    </IntlProvider>
  );
}

const form = () => screen.getByTestId("record-form").textContent ?? "";

describe("a list field's hint names the separator the form reads", () => {
  it("in German, numbers are separated by semicolons (the comma is their decimal mark) and texts by commas", async () => {
    const environment = createMockEnvironment();
    render(<Form locale="de" environment={environment} />);
    expect(form()).toContain("Werte mit Semikolons trennen.");
    expect(form()).toContain("Werte mit Kommas trennen.");
    // What the hint says is what is read: 1,5; 2,5 is two numbers.
    fireEvent.change(screen.getByTestId("record-field-prices"), { target: { value: "1,5; 2,5" } });
    fireEvent.click(screen.getByTestId("record-save"));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    expect(JSON.parse(environment.mock.getMostRecentOperation().request.variables.fields as string)).toEqual({ prices: [1.5, 2.5] });
  });

  it("in English, every list is separated by commas", () => {
    render(<Form locale="en" environment={createMockEnvironment()} />);
    expect(form().split("Separate values with commas.")).toHaveLength(3);
    expect(form()).not.toContain("semicolons");
  });
});
