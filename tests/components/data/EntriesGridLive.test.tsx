import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import en from "../../../locales/en.json";
import { EntriesGrid } from "../../../src/data/entries/EntriesGrid";
import { entriesPanelQuery } from "../../../src/data/entries/EntriesPanel";
import type { EntriesPanelQuery } from "../../../src/__generated__/EntriesPanelQuery.graphql";
import type { Field, ObjectType, SchemaModel } from "../../../src/domain/model";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

// happy-dom lays nothing out: give elements a viewport's size so the virtualiser draws rows.
const sizes = { clientWidth: 1200, clientHeight: 600 } as const;
const original = Object.fromEntries(Object.keys(sizes).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]));
beforeAll(() => {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

const field = (name: string, type: Field["type"]): Field => ({ id: `f_${name}`, name, type, directives: [] }) as unknown as Field;
const author = { id: "tbl001", name: "Author", fields: [field("name", "String"), field("born", "Date")], parents: {} } as unknown as ObjectType;
const model = { objectTypes: [author], enumTypes: [] } as unknown as SchemaModel;
const variables = { ofType: "Author", filter: null, sortField: null, sortOrder: "DESC" as const, count: 100 };

interface ModelHandlers {
  editableModel?: boolean;
  onAddField?(): void;
  onEditField?(field: Field): void;
  onRemoveField?(field: Field): void;
}

function Grid(props: { adding?: boolean } & ModelHandlers) {
  const data = useLazyLoadQuery<EntriesPanelQuery>(entriesPanelQuery, variables);
  return (
    <EntriesGrid
      query={data}
      table={author}
      model={model}
      enumName={() => undefined}
      sort={{ field: "updatedAt", order: "DESC" }}
      onSort={() => undefined}
      filter={null}
      pageSize={100}
      onPageSize={() => undefined}
      panelId="panel"
      labelledBy="tab"
      editableModel={props.editableModel ?? false}
      onAddField={props.onAddField ?? (() => undefined)}
      onEditField={props.onEditField ?? (() => undefined)}
      onRemoveField={props.onRemoveField ?? (() => undefined)}
      onAddEntry={() => undefined}
      onOpenEntry={() => undefined}
      adding={props.adding}
    />
  );
}

function renderGrid(environment: MockEnvironment, props: { adding?: boolean } & ModelHandlers = {}) {
  return render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <Grid {...props} />
        </Suspense>
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
}

const T1 = "2026-01-01T10:00:00.000Z";
const T2 = "2026-01-01T10:00:05.000Z";
const T3 = "2026-01-01T10:00:09.000Z";

function answerList(environment: MockEnvironment) {
  const [query] = operationsNamed(environment, "EntriesPanelQuery");
  environment.mock.resolve(
    query,
    MockPayloadGenerator.generate(query, {
      Query: () => ({ viewerCanEditData: true, viewerCanDeleteData: false }),
      TypeConnection: () => ({ edges: [{ node: { id: "e1", fields: JSON.stringify({ name: "Ada", born: "1815-12-10" }), connections: "{}", createdAt: T1, updatedAt: T1 } }] }),
    }),
  );
}

const cellText = (column: string) => document.querySelector(`[data-cell="e1:${column}"]`)?.textContent;

/** One onUpdateType event on the grid's open subscription. */
function liveUpdate(environment: MockEnvironment, name: string, updatedAt: string) {
  const [subscription] = operationsNamed(environment, "useLiveEntriesUpdatedSubscription");
  environment.mock.nextValue(subscription, {
    data: { onUpdateType: { entryId: "e1", fields: JSON.stringify({ name, born: "1815-12-10" }), connections: "{}", updatedAt } },
  });
}

describe("live events arriving after our own save ('the websocket lags behind HTTP')", () => {
  it("keeps the newer value of our save when an older event arrives after its answer", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment);
    answerList(environment);
    await waitFor(() => expect(cellText("name")).toBe("Ada"));

    // Our save: edit the cell, and the server answers with the new version.
    fireEvent.doubleClick(document.querySelector('[data-cell="e1:name"]')!);
    fireEvent.change(screen.getByTestId("cell-input"), { target: { value: "Ada Lovelace" } });
    fireEvent.keyDown(screen.getByTestId("cell-input"), { key: "Enter" });
    const [save] = operationsNamed(environment, "useUpdateEntryMutation");
    environment.mock.resolve(save, { data: { updateType: { id: "e1", fields: JSON.stringify({ name: "Ada Lovelace", born: "1815-12-10" }), connections: "{}", updatedAt: T3 } } });
    await waitFor(() => expect(cellText("name")).toBe("Ada Lovelace"));

    // Someone else's earlier write is announced only now (act: the grid has rendered what the store holds).
    act(() => liveUpdate(environment, "Ada King", T2));
    expect(cellText("name")).toBe("Ada Lovelace");
  });

  it("still shows a newer event from someone else", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment);
    answerList(environment);
    await waitFor(() => expect(cellText("name")).toBe("Ada"));
    liveUpdate(environment, "Countess of Lovelace", T2);
    await waitFor(() => expect(cellText("name")).toBe("Countess of Lovelace"));
  });
});

describe("what the grid shows", () => {
  it("shows a date in the user's locale, not as ISO text ('localized date/time fields')", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment);
    answerList(environment);
    await waitFor(() => expect(cellText("born")).toBe("Dec 10, 1815"));
  });

  it("'Adding a new entry inserts a blank row' first, selected, which cannot be edited in place", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment, { adding: true });
    answerList(environment);
    const pending = await screen.findByTestId("grid-row-pending");
    expect(document.querySelector("tbody tr[data-testid^='grid-row']")).toBe(pending);
    expect(pending.getAttribute("aria-selected")).toBe("true");
    expect(pending.textContent).toContain("New");
    fireEvent.doubleClick(pending.querySelector('[data-cell$=":name"]')!);
    expect(screen.queryByTestId("cell-input")).toBeNull();
    expect(screen.getAllByTestId("grid-row")).toHaveLength(1);
  });
});

describe("the columns of a viewer who may change the table (spec §2 'Optional … add-field columns', 'a per-column configure menu')", () => {
  it("adds a field from the add-field column, and edits or removes one from its column's menu", async () => {
    const calls: string[] = [];
    const environment = createMockEnvironment();
    renderGrid(environment, {
      editableModel: true,
      onAddField: () => calls.push("add"),
      onEditField: (edited) => calls.push(`edit ${edited.name}`),
      onRemoveField: (removed) => calls.push(`remove ${removed.name}`),
    });
    answerList(environment);
    fireEvent.click(await screen.findByTestId("add-field-column"));
    fireEvent.click(screen.getByRole("button", { name: "Configure field name" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Edit field" }));
    fireEvent.click(screen.getByRole("button", { name: "Configure field born" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Remove field" }));
    expect(calls).toEqual(["add", "edit name", "remove born"]);
  });

  it("offers neither to a viewer who may not change the table", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment);
    answerList(environment);
    await screen.findByTestId("grid-row");
    expect(screen.queryByTestId("add-field-column")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Configure field/ })).toBeNull();
  });
});

describe("someone else's delete ('rows that other people … delete … disappear … without losing … an open edit')", () => {
  it("takes the deleted row away and leaves the edit open in another row with what was typed", async () => {
    const environment = createMockEnvironment();
    renderGrid(environment);
    const [query] = operationsNamed(environment, "EntriesPanelQuery");
    const node = (id: string, name: string) => ({ node: { id, fields: JSON.stringify({ name }), connections: "{}", createdAt: T1, updatedAt: T1 } });
    environment.mock.resolve(
      query,
      MockPayloadGenerator.generate(query, {
        Query: () => ({ viewerCanEditData: true, viewerCanDeleteData: false }),
        TypeConnection: () => ({ edges: [node("e1", "Ada"), node("e2", "Grace")] }),
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId("grid-row")).toHaveLength(2));
    fireEvent.doubleClick(document.querySelector('[data-cell="e2:name"]')!);
    fireEvent.change(screen.getByTestId("cell-input"), { target: { value: "Grace H" } });

    const [subscription] = operationsNamed(environment, "useLiveEntriesDeletedSubscription");
    act(() => environment.mock.nextValue(subscription, { data: { onDeleteType: { id: "e1" } } }));
    await waitFor(() => expect(screen.getAllByTestId("grid-row")).toHaveLength(1));
    expect(document.querySelector('[data-cell="e1:name"]')).toBeNull();
    expect(screen.getByTestId("cell-input")).toHaveProperty("value", "Grace H");
  });
});
