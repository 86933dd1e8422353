import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
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

const PAGE = 100;
const field = (name: string): Field => ({ id: `f_${name}`, name, type: "String", directives: [] }) as unknown as Field;
const author = { id: "tbl001", name: "Author", fields: [field("name")], parents: {} } as unknown as ObjectType;
const model = { objectTypes: [author], enumTypes: [] } as unknown as SchemaModel;
const variables = { ofType: "Author", filter: null, sortField: null, sortOrder: "DESC" as const, count: PAGE };

function Grid(props: { onPageSize?(size: number): void }) {
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
      onPageSize={props.onPageSize ?? (() => undefined)}
      panelId="panel"
      labelledBy="tab"
      editableModel={false}
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

const listAnswer = (listTypes: ReturnType<typeof page>, estimatedCount: number | null) => ({ data: { viewerCanEditData: true, viewerCanDeleteData: false, listTypes: { ...listTypes, estimatedCount } } });

async function latest(environment: MockEnvironment, name: string, seen: number): Promise<OperationDescriptor> {
  await waitFor(() => expect(operationsNamed(environment, name).length).toBeGreaterThan(seen));
  return operationsNamed(environment, name).at(-1)!;
}

const loaded = () => screen.getByTestId("rows-loaded").textContent;

function renderGrid(props: { onPageSize?(size: number): void } = {}) {
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

const total = () => screen.queryByTestId("rows-total")?.textContent ?? null;

describe("the pager says how many entries there are (spec §2 'Generic data table', §9 pagination)", () => {
  it("shows the planner's estimate as 'about', rounded, and the exact number on demand", async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, PAGE, true), 1987));
    await waitFor(() => expect(loaded()).toBe("100 entries loaded"));
    expect(total()).toBe("about 2,000 in all");
    // The rows-per-page choice is its own labelled control, apart from the loaded count.
    expect((screen.getByLabelText("Rows per page") as HTMLSelectElement).value).toBe("100");

    fireEvent.click(screen.getByRole("button", { name: "Count exactly" }));
    const count = await latest(environment, "EntriesPagerCountQuery", 0);
    expect(count.request.variables).toEqual({ ofType: "Author", filter: null });
    act(() => environment.mock.resolve(count, { data: { listTypes: { exactCount: { count: 1987, more: false } } } }));
    await waitFor(() => expect(total()).toBe("1,987 in all"));
    expect(screen.queryByRole("button", { name: "Count exactly" })).toBeNull();
  });

  it("says 'more than' when the count stopped at the platform's cap, and shows no total once every row is loaded", async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, PAGE, true), 5_000_000));
    await waitFor(() => expect(total()).toBe("about 5,000,000 in all"));
    fireEvent.click(screen.getByRole("button", { name: "Count exactly" }));
    const count = await latest(environment, "EntriesPagerCountQuery", 0);
    act(() => environment.mock.resolve(count, { data: { listTypes: { exactCount: { count: 1_000_000, more: true } } } }));
    await waitFor(() => expect(total()).toBe("more than 1,000,000 in all"));

    cleanup();
    const small = renderGrid();
    small.mock.resolve(operationsNamed(small, "EntriesPanelQuery")[0], listAnswer(page(1, 7, false), 7));
    await waitFor(() => expect(loaded()).toBe("7 entries loaded"));
    expect(total()).toBeNull();
    expect(screen.queryByRole("button", { name: "Count exactly" })).toBeNull();
  });
});
