import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { RecordSidebar } from "../../../src/data/record/RecordSidebar";
import { close, open, pop, push, replaceTop, type RecordFrame, type RecordStack } from "../../../src/data/record/recordStack";
import en from "../../../locales/en.json";

afterEach(cleanup);

/** The sidebar with the stack operations a record's buttons would call. */
function Harness(props: { initial: RecordStack }) {
  const [stack, setStack] = useState<RecordStack>(props.initial);
  return (
    <IntlProvider locale="en" messages={en}>
      <button type="button" onClick={() => setStack(open({ table: "Author", id: "a1" }))}>
        open from grid
      </button>
      <RecordSidebar stack={stack} onBack={() => setStack(pop(stack))} onClose={() => setStack(close())}>
        {(frame: RecordFrame) => (
          <div data-testid="frame">
            {frame.table}:{frame.id ?? "new"}
            {frame.parentLink && ` ${frame.parentLink.field}=${frame.parentLink.id}`}
            <button type="button" onClick={() => setStack(push(stack, { table: "Book", id: "b1" }))}>
              connection
            </button>
            <button type="button" onClick={() => setStack(push(stack, { table: "Book", id: null, parentLink: { field: "authorId", id: frame.id! } }))}>
              add child
            </button>
            <button type="button" onClick={() => setStack(replaceTop(stack, { table: frame.table, id: "created1" }))}>
              save new
            </button>
          </div>
        )}
      </RecordSidebar>
    </IntlProvider>
  );
}

const frame = () => screen.getByTestId("frame").textContent;
const title = () => screen.getByTestId("record-title").textContent;

describe("the record editor's stack (spec §2: 'A connection click pushes, back pops, creating replaces the top, and close empties the stack')", () => {
  it("shows nothing while the stack is empty, and the record opened from the grid", () => {
    render(<Harness initial={[]} />);
    expect(screen.queryByTestId("record-sidebar")).toBeNull();
    fireEvent.click(screen.getByText("open from grid"));
    expect(title()).toBe("Edit Author");
    expect(frame()).toContain("Author:a1");
    expect(screen.queryByTestId("record-back")).toBeNull();
  });

  it("a connection click pushes, and the back bar names the previous table and record", () => {
    render(<Harness initial={[{ table: "Author", id: "a1" }]} />);
    fireEvent.click(screen.getByText("connection"));
    expect(title()).toBe("Edit Book");
    expect(screen.getByTestId("record-back").textContent).toBe("Back to Author a1");
  });

  it("back pops to the previous record", () => {
    render(<Harness initial={[{ table: "Author", id: "a1" }, { table: "Book", id: "b1" }]} />);
    fireEvent.click(screen.getByTestId("record-back"));
    expect(frame()).toContain("Author:a1");
    expect(screen.queryByTestId("record-back")).toBeNull();
  });

  it("a new record is titled 'add', carries the parent link, and creating replaces the top", () => {
    render(<Harness initial={[{ table: "Author", id: "a1" }]} />);
    fireEvent.click(screen.getByText("add child"));
    expect(title()).toBe("Add Book");
    expect(frame()).toContain("authorId=a1");
    fireEvent.click(screen.getByText("save new"));
    expect(title()).toBe("Edit Book");
    expect(frame()).toContain("Book:created1");
    // The stack did not grow: back still leads to the author.
    fireEvent.click(screen.getByTestId("record-back"));
    expect(frame()).toContain("Author:a1");
  });

  it("close empties the stack", () => {
    render(<Harness initial={[{ table: "Author", id: "a1" }, { table: "Book", id: "b1" }]} />);
    fireEvent.click(screen.getByTestId("record-close"));
    expect(screen.queryByTestId("record-sidebar")).toBeNull();
    fireEvent.click(screen.getByText("open from grid"));
    expect(screen.queryByTestId("record-back")).toBeNull();
  });
});
