import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { RecordPicker } from "../../../src/data/record/RecordPicker";
import type { ObjectType } from "../../../src/domain/model";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

const field = (name: string, type: string, readonly = false) => ({ id: `f_${name}`, name, type, directives: [], readonly });
const dog = {
  id: "tbl_dog",
  name: "Dog",
  fields: [field("id", "ID", true), field("createdAt", "DateTime", true), field("updatedAt", "DateTime", true), field("name", "String"), field("breed", "String"), field("age", "Integer")],
  parents: {},
  targets: [],
} as unknown as ObjectType;

function renderPicker() {
  const environment = createMockEnvironment();
  const picked: string[] = [];
  let cancelled = false;
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <RecordPicker table={dog} onPick={(entry) => picked.push(entry.id)} onCancel={() => (cancelled = true)} />
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  return { environment, picked, cancelled: () => cancelled };
}

const latest = (environment: MockEnvironment) => operationsNamed(environment, "RecordPickerQuery").at(-1)!;

function answer(environment: MockEnvironment, dogs: { id: string; name: string; breed: string }[], nextToken: string | null = null) {
  const operation = latest(environment);
  const items = dogs.map(({ id, ...values }) => ({ __typename: "Type", id, fields: JSON.stringify(values) }));
  act(() => environment.mock.resolve(operation, { data: { listTypes: { nextToken, items } } }));
  return operation;
}

const options = () => screen.queryAllByRole("option");
const search = () => screen.getByRole("combobox");

describe("the 'Link a … entry' picker", () => {
  it("searches the table's readable fields on the server and shows each match by its name, not its id", async () => {
    const { environment } = renderPicker();
    answer(environment, [{ id: "dog-0001", name: "Rex", breed: "Beagle" }], "more");
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual(["RexBeagle"]));
    expect(screen.queryByText("dog-0001")).toBeNull();

    fireEvent.change(search(), { target: { value: "bel" } });
    await waitFor(() => expect(latest(environment).request.variables.filter).toBeTruthy(), { timeout: 2000 });
    const filter = JSON.parse(latest(environment).request.variables.filter as string);
    // Every readable field (name, breed), as typed and capitalised; numbers are not searched.
    expect(filter.or).toEqual(
      expect.arrayContaining([{ name: { contains: "bel" } }, { name: { contains: "Bel" } }, { breed: { contains: "bel" } }, { breed: { contains: "Bel" } }, { id: { contains: "bel" } }]),
    );
    expect(JSON.stringify(filter)).not.toContain("age");
    expect(latest(environment).request.variables).toMatchObject({ ofType: "Dog", nextToken: null });
    answer(environment, [{ id: "dog-1999", name: "Bella", breed: "Poodle" }]);
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual(["BellaPoodle"]));
  });

  it("is used by keyboard alone: arrows move through the matches, Enter links the active one, Escape cancels", async () => {
    const { environment, picked, cancelled } = renderPicker();
    answer(environment, [
      { id: "d1", name: "Rex", breed: "Beagle" },
      { id: "d2", name: "Bella", breed: "Poodle" },
      { id: "d3", name: "Max", breed: "Boxer" },
    ]);
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(document.activeElement).toBe(search());
    expect(options()[0].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(search(), { key: "ArrowDown" });
    fireEvent.keyDown(search(), { key: "ArrowDown" });
    fireEvent.keyDown(search(), { key: "ArrowUp" });
    expect(options().map((option) => option.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    expect(search().getAttribute("aria-activedescendant")).toBe(options()[1].id);
    fireEvent.keyDown(search(), { key: "Enter" });
    expect(picked).toEqual(["d2"]);
    fireEvent.keyDown(search(), { key: "Escape" });
    expect(cancelled()).toBe(true);
  });
});
