import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { ChildConnectionList } from "../../../src/data/record/ChildConnectionList";
import type { ObjectType } from "../../../src/domain/model";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

const author = { id: "tbl_a", name: "Author", fields: [], parents: {} } as unknown as ObjectType;
const book = { id: "tbl_b", name: "Book", fields: [], parents: { first: { parentId: "tbl_a" } } } as unknown as ObjectType;

function renderList() {
  const environment = createMockEnvironment();
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <ChildConnectionList connection={{ slot: "first", child: book, link: "authorId" }} parent={{ id: "a1", table: author }} canEdit={false} onOpen={() => undefined} onAdd={() => undefined} />
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  return environment;
}

/** Page `n` (from 1) of a parent's books: five titles, and a nextToken while more follow. */
function answerPage(environment: MockEnvironment, n: number, count: number) {
  const pages = Math.ceil(count / 5);
  const items = Array.from({ length: Math.min(5, count - (n - 1) * 5) }, (_, index) => {
    const id = `b${(n - 1) * 5 + index + 1}`;
    return { __typename: "Type", id, ofType: "Book", fields: JSON.stringify({ title: `Title ${id}` }) };
  });
  const operation = operationsNamed(environment, "ChildConnectionListQuery").at(-1)!;
  act(() => environment.mock.resolve(operation, { data: { count, listTypesByParentType: { nextToken: n < pages ? `after-${n}` : null, items } } }));
  return operation;
}

const cards = () => screen.getAllByTestId("connection-card").map((card) => card.textContent);
const pageButtons = () => screen.getAllByRole("navigation").flatMap((nav) => [...nav.querySelectorAll("button")].map((button) => button.textContent));

describe("a record's has-many list (spec §9: 'The child-connection list page size is 5, with at most 3 page buttons')", () => {
  it("shows how many children the record has, five per page, and pages on with the nextToken", async () => {
    const environment = renderList();
    const first = answerPage(environment, 1, 12);
    expect(first.request.variables).toMatchObject({ ofType: "Book", parentType: "Author", parentId: "a1", parentKey: "FIRST", limit: 5, nextToken: null });
    await waitFor(() => expect(screen.getByTestId("children-heading").textContent).toBe("Book entries (12)"));
    expect(cards()).toHaveLength(5);
    expect(pageButtons()).toEqual(["1", "2"]);

    fireEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(operationsNamed(environment, "ChildConnectionListQuery").at(-1)!.request.variables).toMatchObject({ nextToken: "after-1", limit: 5 }));
    answerPage(environment, 2, 12);
    await waitFor(() => expect(cards()[0]).toContain("Title b6"));
    expect(pageButtons()).toEqual(["1", "2", "3"]);
  });

  it("shows a count beyond 10,000 as 10,000+ (the server counts no further)", async () => {
    const environment = renderList();
    answerPage(environment, 1, 10_001);
    await waitFor(() => expect(screen.getByTestId("children-heading").textContent).toBe("Book entries (10,000+)"));
  });
});
