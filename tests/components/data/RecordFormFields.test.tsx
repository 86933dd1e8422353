import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { RecordForm } from "../../../src/data/record/RecordForm";
import type { Field, ObjectType } from "../../../src/domain/model";

afterEach(cleanup);

const field = (name: string): Field => ({ id: `f_${name}`, name, type: "String", directives: [] }) as unknown as Field;
const table = (...fields: Field[]) => ({ id: "tbl_a", name: "Author", directives: [], fields, parents: {} }) as unknown as ObjectType;

const environment = createMockEnvironment();

/** A new record's form (no entry to load), on the table's fields as given. */
function Form(props: { table: ObjectType }) {
  return (
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <RecordForm entry={null} table={props.table} enums={[]} frame={{ table: "Author", id: null }} deleted={false} onCreated={() => undefined} onCancelNew={() => undefined} onReload={() => undefined} />
      </RelayEnvironmentProvider>
    </IntlProvider>
  );
}
describe("the record editor when its table's fields change (spec §2: 'The editor reloads when … the field definitions … change')", () => {
  it("shows the new fields, drops what was typed into a removed one, keeps the rest, and says so", () => {
    const { rerender } = render(<Form table={table(field("name"), field("nickname"))} />);
    expect(screen.queryByTestId("record-notice")).toBeNull();
    fireEvent.change(screen.getByTestId("record-field-name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByTestId("record-field-nickname"), { target: { value: "Countess" } });

    rerender(<Form table={table(field("name"), field("born"))} />);
    expect(screen.getByTestId("record-notice").textContent).toBe("The table's fields changed; the form was reloaded.");
    expect(screen.queryByTestId("record-field-nickname")).toBeNull();
    expect(screen.getByTestId("record-field-born")).toHaveProperty("value", "");
    expect(screen.getByTestId("record-field-name")).toHaveProperty("value", "Ada");
  });
});
