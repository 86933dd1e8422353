import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { cleanup, render, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import de from "../../../locales/de.json";
import { RecordForm } from "../../../src/data/record/RecordForm";
import type { Field, ObjectType } from "../../../src/domain/model";

afterEach(cleanup);

const field = (name: string, type: string, directive?: string): Field =>
  ({ id: `f_${name}`, name, type, directives: directive ? [{ name: directive }] : [] }) as unknown as Field;
const usersTable = (users: boolean) =>
  ({
    id: "tbl_u",
    name: "User",
    directives: users ? [{ name: "users" }] : [],
    fields: [field("email", "Email", "userEmail"), field("password", "String", "userPassword"), field("nickname", "String")],
    parents: {},
  }) as unknown as ObjectType;

function Form(props: { table: ObjectType; locale: "en" | "de" }) {
  return (
    <IntlProvider locale={props.locale} messages={props.locale === "en" ? en : de}>
      <RelayEnvironmentProvider environment={createMockEnvironment()}>
        <RecordForm entry={null} table={props.table} enums={[]} frame={{ table: "User", id: null }} deleted={false} onCreated={() => undefined} onCancelNew={() => undefined} onReload={() => undefined} />
      </RelayEnvironmentProvider>
    </IntlProvider>
  );
}

const hintOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

/*
 * What a member writing the users table's sign-in fields does (docs/DECISIONS.md): a password
 * typed sets a new one and ends the user's sign-ins, a new email moves the sign-in unverified.
 * The editor says so beside the fields and never shows the password.
 */
describe("the record editor of the users table", () => {
  it("takes the password as a hidden new password and says what writing the sign-in fields does", () => {
    render(<Form table={usersTable(true)} locale="en" />);
    const password = screen.getByTestId("record-field-password");
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    expect(hintOf(password)).toBe(en["data.record.signInPasswordHint"]);
    expect(hintOf(screen.getByTestId("record-field-email"))).toBe(en["data.record.signInEmailHint"]);
    expect(screen.getByTestId("record-field-nickname").getAttribute("aria-describedby")).toBeNull();
  });

  it("says it in German too", () => {
    render(<Form table={usersTable(true)} locale="de" />);
    expect(hintOf(screen.getByTestId("record-field-password"))).toBe(de["data.record.signInPasswordHint"]);
    expect(hintOf(screen.getByTestId("record-field-email"))).toBe(de["data.record.signInEmailHint"]);
  });

  it("treats the same fields of another table as plain data", () => {
    render(<Form table={usersTable(false)} locale="en" />);
    expect(screen.getByTestId("record-field-password").getAttribute("type")).toBe("text");
    expect(screen.getByTestId("record-field-email").getAttribute("aria-describedby")).toBeNull();
  });
});
