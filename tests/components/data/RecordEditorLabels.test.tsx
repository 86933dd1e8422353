import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { ChildConnectionList } from "../../../src/data/record/ChildConnectionList";
import { RecordLabel } from "../../../src/data/record/RecordLabel";
import { RecordSidebar } from "../../../src/data/record/RecordSidebar";
import type { ObjectType } from "../../../src/domain/model";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

function withRelay(environment: MockEnvironment, children: React.ReactNode) {
  return render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
    </IntlProvider>,
  );
}

describe("the record editor names records as a reader would (spec §2 'Record editor')", () => {
  it("the back bar shows the previous record's label, not its id", async () => {
    const environment = createMockEnvironment();
    const authorId = "5f0c7a3e-2b1d-4c8e-9a6f-0d1e2f3a4b5c";
    withRelay(
      environment,
      <RecordSidebar
        stack={[
          { table: "Author", id: authorId },
          { table: "Book", id: "b1" },
        ]}
        onBack={() => undefined}
        onClose={() => undefined}
        recordName={(frame) => <RecordLabel table={frame.table} id={frame.id} />}
      >
        {() => <div />}
      </RecordSidebar>,
    );
    const [query] = await waitFor(() => {
      const found = operationsNamed(environment, "RecordLabelQuery");
      expect(found).toHaveLength(1);
      return found;
    });
    expect(query.request.variables).toEqual({ id: authorId, ofType: "Author" });
    act(() =>
      environment.mock.resolve(query, {
        data: { type: { __typename: "Type", id: authorId, fields: JSON.stringify({ id: authorId, age: 36, name: "Ada Lovelace" }) } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId("record-back").textContent).toBe("Back to Author Ada Lovelace"));
  });

  it("connection cards show list and JSON values as text, not raw brackets and quotes", async () => {
    const environment = createMockEnvironment();
    const author = { id: "tbl_a", name: "Author", fields: [], parents: {} } as unknown as ObjectType;
    const book = { id: "tbl_b", name: "Book", fields: [], parents: { first: { parentId: "tbl_a" } } } as unknown as ObjectType;
    withRelay(
      environment,
      <ChildConnectionList connection={{ slot: "first", child: book, link: "authorId" }} parent={{ id: "a1", table: author }} canEdit={false} onOpen={() => undefined} onAdd={() => undefined} />,
    );
    const fields = { title: "Notes", tags: ["math", "engines"], size: { pages: 12, unit: "cm" } };
    const [operation] = operationsNamed(environment, "ChildConnectionListQuery");
    act(() =>
      environment.mock.resolve(operation, {
        data: { count: 1, listTypesByParentType: { nextToken: null, items: [{ __typename: "Type", id: "b1", ofType: "Book", fields: JSON.stringify(fields) }] } },
      }),
    );
    const card = await screen.findByTestId("connection-card");
    expect([...card.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["Notes", "math, engines", "pages: 12, unit: cm"]);
  });
});
