import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { EntriesGrid } from "../../../src/data/entries/EntriesGrid";
import { entriesPanelQuery } from "../../../src/data/entries/EntriesPanel";
import type { EntriesPanelQuery } from "../../../src/__generated__/EntriesPanelQuery.graphql";
import type { Field, ObjectType, SchemaModel } from "../../../src/domain/model";
import { operationsNamed } from "../renderWithRelay";

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

const PAGE = 100;
const field = (name: string, type = "String", readonly = false): Field => ({ id: `f_${name}`, name, type, directives: [], readonly }) as unknown as Field;
const author = {
  id: "tbl001",
  name: "Author",
  fields: [field("id", "ID", true), field("name"), field("notes", "Json"), field("updatedAt", "String", true)],
  parents: {},
} as unknown as ObjectType;
const model = { objectTypes: [author], enumTypes: [] } as unknown as SchemaModel;
const variables = { ofType: "Author", filter: null, sortField: null, sortOrder: "DESC" as const, count: PAGE };

function Grid(props: { editableModel?: boolean; onMakeSortable?(field: Field): void }) {
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
      pageSize={PAGE}
      onPageSize={() => undefined}
      panelId="panel"
      labelledBy="tab"
      editableModel={props.editableModel ?? false}
      onMakeSortable={props.onMakeSortable}
      onAddField={() => undefined}
      onEditField={() => undefined}
      onRemoveField={() => undefined}
      onAddEntry={() => undefined}
      onOpenEntry={() => undefined}
    />
  );
}

const T = "2026-01-01T10:00:00.000Z";

/** A listTypes page of entries `from`…`from + count - 1`, named by number. */
function page(from: number, count: number, hasNextPage: boolean) {
  const edges = Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      cursor: `c${n}`,
      node: { __typename: "Type", id: `e${n}`, fields: JSON.stringify({ name: `Row ${n}` }), connections: "{}", createdAt: T, updatedAt: T },
    };
  });
  return { edges, pageInfo: { endCursor: `c${from + count - 1}`, hasNextPage } };
}

const listAnswer = (listTypes: ReturnType<typeof page>, estimatedCount: number | null = null) => ({ data: { viewerCanEditData: true, viewerCanDeleteData: false, listTypes: { ...listTypes, estimatedCount } } });

function renderGrid(props: { editableModel?: boolean; onMakeSortable?(field: Field): void } = {}) {
  const environment = createMockEnvironment();
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <Grid {...props} />
        </Suspense>
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  return environment;
}

const header = (name: string) => screen.getAllByTestId("column-header").find((th) => th.querySelector(".column-name")?.textContent === name)!;
/** What a user reads on hovering or focusing the header: its description. */
const hint = (name: string) => {
  const button = within(header(name)).getByRole("button", { name });
  return document.getElementById(button.getAttribute("aria-describedby")!)?.textContent;
};

describe("headers a list cannot sort by say why (spec §2 header sort toggle, §5 sort fields)", () => {
  it("explains an unmarked field and offers 'Make sortable' to a member who may edit the model", async () => {
    const makeSortable = vi.fn();
    const environment = renderGrid({ editableModel: true, onMakeSortable: makeSortable });
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, 3, false)));
    await waitFor(() => expect(screen.getAllByTestId("grid-row")).toHaveLength(3));

    expect(within(header("updatedAt")).getByTestId("sort-updatedAt")).toBeTruthy();
    expect(hint("name")).toBe(
      "Lists sort only by createdAt, updatedAt and fields marked “sort by” in the model; name is not marked. “Make sortable” marks it “sort by” in the model; the list sorts by it once you publish the change.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Make sortable: name" }));
    expect(makeSortable).toHaveBeenCalledWith(expect.objectContaining({ name: "name" }));

    // Fields that can never sort say so, and offer nothing.
    expect(hint("id")).toBe("id cannot sort a list: read-only fields other than updatedAt, lists, Json and Dynamic fields cannot be sort fields.");
    expect(hint("notes")).toContain("notes cannot sort a list");
    expect(screen.queryByRole("button", { name: "Make sortable: id" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Make sortable: notes" })).toBeNull();
  });

  it("tells a member who may not edit the model why, without the offer", async () => {
    const environment = renderGrid({ editableModel: false, onMakeSortable: vi.fn() });
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, 3, false)));
    await waitFor(() => expect(screen.getAllByTestId("grid-row")).toHaveLength(3));
    expect(hint("name")).toBe("Lists sort only by createdAt, updatedAt and fields marked “sort by” in the model; name is not marked.");
    expect(screen.queryByRole("button", { name: "Make sortable: name" })).toBeNull();
  });

  it("shows the hint on focus outside the header cell, which clips what overflows it", async () => {
    const environment = renderGrid({ editableModel: false });
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, 3, false)));
    await waitFor(() => expect(screen.getAllByTestId("grid-row")).toHaveLength(3));
    const button = within(header("name")).getByRole("button", { name: "name" });
    const tooltip = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(tooltip.classList.contains("shown")).toBe(false);
    fireEvent.focus(button);
    expect(tooltip.classList.contains("shown")).toBe(true);
    // Placed on the viewport (position: fixed in EntriesGrid.css), not inside the cell.
    expect(tooltip.style.top).toMatch(/px$/);
    fireEvent.blur(button);
    expect(tooltip.classList.contains("shown")).toBe(false);
  });
});
