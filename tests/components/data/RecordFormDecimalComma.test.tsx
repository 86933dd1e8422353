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

const price = { id: "f_price", name: "price", type: "Float", directives: [] } as unknown as Field;
const table = { id: "tbl_p", name: "Product", directives: [], fields: [price], parents: {} } as unknown as ObjectType;

function Form(props: { locale: "en" | "de"; environment: ReturnType<typeof createMockEnvironment> }) {
  return (
    <IntlProvider locale={props.locale} messages={props.locale === "de" ? de : en}>
      <RelayEnvironmentProvider environment={props.environment}>
        <RecordForm entry={null} table={table} enums={[]} frame={{ table: "Product", id: null }} deleted={false} onCreated={() => undefined} onCancelNew={() => undefined} onReload={() => undefined} />
      </RelayEnvironmentProvider>
    </IntlProvider>
  );
}

/** What the form sends: the create mutation's fields, parsed. */
async function sent(environment: ReturnType<typeof createMockEnvironment>) {
  await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
  return JSON.parse(environment.mock.getMostRecentOperation().request.variables.fields as string);
}

describe("a decimal comma in a Float field ('12,5' was saved as 125)", () => {
  it("in German, 12,5 stays 12,5 in the input and is saved as 12.5", async () => {
    const environment = createMockEnvironment();
    render(<Form locale="de" environment={environment} />);
    fireEvent.change(screen.getByTestId("record-field-price"), { target: { value: "12,5" } });
    expect(screen.getByTestId("record-field-price")).toHaveProperty("value", "12,5");
    fireEvent.click(screen.getByTestId("record-save"));
    expect(await sent(environment)).toEqual({ price: 12.5 });
  });

  it("in English, 12.5 is saved as 12.5", async () => {
    const environment = createMockEnvironment();
    render(<Form locale="en" environment={environment} />);
    fireEvent.change(screen.getByTestId("record-field-price"), { target: { value: "12.5" } });
    fireEvent.click(screen.getByTestId("record-save"));
    expect(await sent(environment)).toEqual({ price: 12.5 });
  });

  it("a number that could be read two ways is refused with a German message, and nothing is sent", () => {
    const environment = createMockEnvironment();
    render(<Form locale="de" environment={environment} />);
    fireEvent.change(screen.getByTestId("record-field-price"), { target: { value: "1.234" } });
    fireEvent.click(screen.getByTestId("record-save"));
    expect(screen.getByTestId("record-form").textContent).toContain("Diese Zahl lässt sich zweifach lesen");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("an English-style 1,234.5 in German is refused, naming the comma as the decimal mark", () => {
    const environment = createMockEnvironment();
    render(<Form locale="de" environment={environment} />);
    fireEvent.change(screen.getByTestId("record-field-price"), { target: { value: "1,234.5" } });
    fireEvent.click(screen.getByTestId("record-save"));
    expect(screen.getByTestId("record-form").textContent).toContain("Nutze , als Dezimalzeichen");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
