import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
import en from "../../../locales/en.json";
import { EntriesGrid, loadedPagesCount } from "../../../src/data/entries/EntriesGrid";
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

const listAnswer = (listTypes: ReturnType<typeof page>, viewerCanDeleteData = false) => ({ data: { viewerCanEditData: true, viewerCanDeleteData, listTypes } });

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

describe("a grid that loaded several pages keeps them when it reloads", () => {
  it("reloads as many rows as were loaded when an import's batch arrives", async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, PAGE, true)));
    await waitFor(() => expect(loaded()).toBe("100 entries loaded"));

    fireEvent.click(screen.getByTestId("load-more"));
    const next = await latest(environment, "EntriesGridPaginationQuery", 0);
    act(() => environment.mock.resolve(next, listAnswer(page(PAGE + 1, PAGE, true))));
    await waitFor(() => expect(loaded()).toBe("200 entries loaded"));

    // Someone's import commits a batch into the table.
    const [imported] = operationsNamed(environment, "useImportedRowsSubscription");
    act(() => environment.mock.nextValue(imported, { data: { onImportType: { importId: "imp1", rowsWritten: 2000 } } }));
    const reload = await latest(environment, "EntriesGridPaginationQuery", 0);
    expect(reload.request.variables).toMatchObject({ count: 200, cursor: null });
    // While the reload runs, the loaded rows stay.
    expect(loaded()).toBe("200 entries loaded");

    act(() => environment.mock.resolve(reload, listAnswer(page(1, 200, true))));
    await waitFor(() => expect(loaded()).toBe("200 entries loaded"));
    expect(screen.getByTestId("load-more")).toHaveProperty("disabled", false);
  });

  it("asks for whole pages, never more than one list call returns", () => {
    expect(loadedPagesCount(0, 100)).toBe(100);
    expect(loadedPagesCount(150, 100)).toBe(200);
    expect(loadedPagesCount(150, 50)).toBe(150);
    expect(loadedPagesCount(5000, 100)).toBe(1000);
  });
});

describe("a reload of more rows than one list call returns", () => {
  it("says that it shows the first 1,000 entries, until the user loads more", async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, 1100, true)));
    await waitFor(() => expect(loaded()).toBe("1,100 entries loaded"));
    expect(screen.queryByTestId("reload-capped")).toBeNull();

    fireEvent.click(screen.getByTestId("toolbar-reload"));
    const reload = await latest(environment, "EntriesGridPaginationQuery", 0);
    expect(reload.request.variables).toMatchObject({ count: 1000, cursor: null });
    act(() => environment.mock.resolve(reload, listAnswer(page(1, 1000, true))));
    await waitFor(() => expect(loaded()).toBe("1,000 entries loaded"));
    expect(screen.getByTestId("reload-capped").textContent).toBe("A reload shows the first 1,000 entries. Load more to see the rest.");

    fireEvent.click(screen.getByTestId("load-more"));
    expect(screen.queryByTestId("reload-capped")).toBeNull();
  });

  it("says nothing when everything loaded fits into the reload", async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, 1000, true)));
    await waitFor(() => expect(loaded()).toBe("1,000 entries loaded"));
    fireEvent.click(screen.getByTestId("toolbar-reload"));
    const reload = await latest(environment, "EntriesGridPaginationQuery", 0);
    act(() => environment.mock.resolve(reload, listAnswer(page(1, 1000, true))));
    await waitFor(() => expect(screen.getByTestId("toolbar-reload").getAttribute("aria-busy")).toBeNull());
    expect(screen.queryByTestId("reload-capped")).toBeNull();
  });
});

describe("the pagination bar (spec §9 'Generic table pagination: sizes 50 and 100, default 100')", () => {
  it("offers 50 and 100 rows per page, 100 chosen, and passes the choice on", async () => {
    const chosen: number[] = [];
    const environment = renderGrid({ onPageSize: (size) => chosen.push(size) });
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, PAGE, true)));
    const size = (await screen.findByTestId("page-size")) as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(["50", "100"]);
    expect(size.value).toBe("100");
    fireEvent.change(size, { target: { value: "50" } });
    expect(chosen).toEqual([50]);
  });

  it("'Pagination appears above 5 rows or when there is a next page'", async () => {
    const five = renderGrid();
    five.mock.resolve(operationsNamed(five, "EntriesPanelQuery")[0], listAnswer(page(1, 5, false)));
    await screen.findAllByTestId("grid-row");
    expect(screen.queryByTestId("entries-pagination")).toBeNull();
    cleanup();

    const six = renderGrid();
    six.mock.resolve(operationsNamed(six, "EntriesPanelQuery")[0], listAnswer(page(1, 6, false)));
    expect(await screen.findByTestId("entries-pagination")).toBeTruthy();
    cleanup();

    const fiveAndMore = renderGrid();
    fiveAndMore.mock.resolve(operationsNamed(fiveAndMore, "EntriesPanelQuery")[0], listAnswer(page(1, 5, true)));
    expect(await screen.findByTestId("entries-pagination")).toBeTruthy();
  });
});

describe("deleting every entry the filter matches ('on the server in one request with a progress bar')", () => {
  const startDelete = async () => {
    const environment = renderGrid();
    environment.mock.resolve(operationsNamed(environment, "EntriesPanelQuery")[0], listAnswer(page(1, PAGE, true), true));
    await waitFor(() => expect(loaded()).toBe("100 entries loaded"));
    fireEvent.click(screen.getByTestId("toolbar-delete-matching"));
    fireEvent.change(screen.getByTestId("retype-name"), { target: { value: "Author" } });
    fireEvent.click(screen.getByTestId("confirm"));
    await waitFor(() => expect(screen.getByTestId("delete-progress").querySelector("progress")).not.toBeNull());
    const deletes = operationsNamed(environment, "useDeleteEntriesByFilterMutation");
    expect(deletes).toHaveLength(1);
    const { deletionId } = deletes[0].request.variables;
    expect(deletes[0].request.variables).toEqual({ ofType: "Author", filter: null, deletionId: expect.any(String) });
    const [progressSubscription] = operationsNamed(environment, "useDeletionProgressSubscription");
    const announce = (progress: { deletionId: string; deleted: number; total: number; finished: boolean }) =>
      act(() => environment.mock.nextValue(progressSubscription, { data: { onDeleteTypesProgress: progress } }));
    return { environment, request: deletes[0], deletionId: deletionId as string, announce };
  };

  it("sends one request, shows the server's progress as a filling bar, then the count and the reloaded rows", async () => {
    const { environment, request, deletionId, announce } = await startDelete();
    // Before the first chunk commits the bar cannot know how far it is.
    expect(screen.getByTestId("delete-progress").querySelector("progress")!.hasAttribute("value")).toBe(false);
    // Another user's deletion on the same table moves nothing here.
    announce({ deletionId: "someone-else", deleted: 10, total: 10, finished: true });
    expect(screen.getByTestId("delete-progress").querySelector("progress")!.hasAttribute("value")).toBe(false);
    announce({ deletionId, deleted: 500, total: 1250, finished: false });
    const bar = screen.getByTestId("delete-progress").querySelector("progress")!;
    expect([bar.getAttribute("value"), bar.getAttribute("max")]).toEqual(["500", "1250"]);
    expect(screen.getByTestId("delete-progress").textContent).toBe("500 of 1,250 entries deleted…");
    announce({ deletionId, deleted: 1000, total: 1250, finished: false });
    expect(screen.getByTestId("delete-progress").textContent).toBe("1,000 of 1,250 entries deleted…");

    act(() => environment.mock.resolve(request, { data: { deleteTypes: { deletedCount: 1250 } } }));
    await waitFor(() => expect(screen.getByTestId("deleted-count").textContent).toBe("1,250 entries deleted."));
    expect(screen.queryByTestId("delete-progress")).toBeNull();
    expect(operationsNamed(environment, "useDeleteEntriesMutation")).toHaveLength(0);
    const reload = await latest(environment, "EntriesGridPaginationQuery", 0);
    act(() => environment.mock.resolve(reload, listAnswer(page(1, 0, false), true)));
    await waitFor(() => expect(screen.getByTestId("grid-empty")).toBeTruthy());
  });

  it("says how many stay deleted when the deletion stops midway, and reloads what is left", async () => {
    const { environment, request, deletionId, announce } = await startDelete();
    announce({ deletionId, deleted: 500, total: 1250, finished: false });
    act(() => environment.mock.reject(request, new Error("connection lost")));
    await waitFor(() =>
      expect(screen.getByTestId("delete-stopped").textContent).toBe("The deletion stopped after 500 of 1,250 entries. Those stay deleted; delete again to remove the rest."),
    );
    expect(screen.getByTestId("entries-error")).toBeTruthy();
    expect(screen.queryByTestId("delete-progress")).toBeNull();
    expect(await latest(environment, "EntriesGridPaginationQuery", 0)).toBeTruthy();
  });
});
