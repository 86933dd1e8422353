import { afterEach, describe, expect, it } from "vitest";
import { Profiler, Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { RecordEditor } from "../../../src/data/record/RecordEditor";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { ApiError } from "../../../src/relay/errors";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

/**
 * After the user's own save the record editor said "Someone else changed this entry"
 * (a CI run under load). The save's live event (graphql-ws) and its HTTP answer race: React runs
 * an effect a task after the render it belongs to, and the answer can land in between.
 */
afterEach(cleanup);

const book = addObjectType(initialModel(), "Book");
const model: SchemaModel = addField(book.model, book.id, { name: "title", type: "String" }).model;

const OPENED = "2026-01-01T10:00:00.000Z";
const LINKED = "2026-01-01T10:00:02.000Z";
const SAVED = "2026-01-01T10:00:05.000Z";
const FOREIGN = "2026-01-01T10:00:09.000Z";
const values = (title: string) => JSON.stringify({ title });

const FOREIGN_NOTICE = "Someone else changed this entry; the form shows the new values.";

const noStackMoves = { open: () => undefined, push: () => undefined, pop: () => undefined, replaceTop: () => undefined, close: () => undefined };

/** The open Book b1 in the record editor, and a promise for the editor's next commit. */
function renderEditor(environment: MockEnvironment) {
  let committed: () => void = () => undefined;
  const nextCommit = () => new Promise<void>((resolve) => (committed = resolve));
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          {/* onRender runs in the commit, before React runs the effects of that render. */}
          <Profiler id="record" onRender={() => committed()}>
            <RecordEditor frame={{ table: "Book", id: "b1" }} model={model} actions={noStackMoves} />
          </Profiler>
        </Suspense>
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  return nextCommit;
}

async function openBook(environment: MockEnvironment) {
  const nextCommit = renderEditor(environment);
  await waitFor(() => expect(operationsNamed(environment, "RecordEditorQuery")).toHaveLength(1));
  act(() =>
    environment.mock.resolve(operationsNamed(environment, "RecordEditorQuery")[0], {
      data: { viewerCanEditData: true, type: { id: "b1", ofType: "Book", fields: values("Notes"), connections: "{}", createdAt: OPENED, updatedAt: OPENED } },
    }),
  );
  await waitFor(() => expect(screen.getByTestId("record-field-title")).toHaveProperty("value", "Notes"));
  return nextCommit;
}

/** A live onUpdateType event of Book b1, as the table's subscription delivers it. */
function liveEvent(environment: MockEnvironment, fields: string, updatedAt: string) {
  const [subscription] = operationsNamed(environment, "useRecordLiveUpdatedSubscription");
  environment.mock.nextValue(subscription, { data: { onUpdateType: { entryId: "b1", fields, connections: "{}", updatedAt } } });
}

/** The answer to the pending save (RecordFormUpdateMutation). */
function answerSave(environment: MockEnvironment, fields: string, updatedAt: string) {
  const [save] = operationsNamed(environment, "RecordFormUpdateMutation");
  environment.mock.resolve(save, { data: { updateType: { id: "b1", fields, createdAt: OPENED, updatedAt } } });
}

function typeAndSave(title: string) {
  fireEvent.change(screen.getByTestId("record-field-title"), { target: { value: title } });
  fireEvent.click(screen.getByTestId("record-save"));
}

const saveSettled = () => waitFor(() => expect(screen.queryByTestId("record-save")).toBeNull());

describe("the record editor after the user's own save (spec §2 'An edited record is watched live')", () => {
  it("is no news when the save's live event renders before its answer and the answer lands before React runs that render's effect", async () => {
    const environment = createMockEnvironment();
    const nextCommit = await openBook(environment);
    typeAndSave("Notes, 2nd ed.");
    expect(operationsNamed(environment, "RecordFormUpdateMutation")[0].request.variables.expectedUpdatedAt).toBe(OPENED);

    // Outside act, React renders and runs effects in separate tasks as in the browser.
    const eventCommitted = nextCommit();
    liveEvent(environment, values("Notes, 2nd ed."), SAVED);
    await eventCommitted;
    // The event's render is on screen; its effect has not run yet. Now the answer arrives.
    answerSave(environment, values("Notes, 2nd ed."), SAVED);

    await saveSettled();
    expect(screen.queryByTestId("record-notice")).toBeNull();
    expect(screen.getByTestId("record-field-title")).toHaveProperty("value", "Notes, 2nd ed.");
  });

  it("is no news when the save's live event arrives after the answer, nor are late events of earlier own writes", async () => {
    const environment = createMockEnvironment();
    await openBook(environment);
    typeAndSave("Notes, 2nd ed.");
    await act(async () => answerSave(environment, values("Notes, 2nd ed."), SAVED));
    await saveSettled();

    // A link written before the save (its values untouched), then the save itself, both late.
    act(() => liveEvent(environment, values("Notes"), LINKED));
    act(() => liveEvent(environment, values("Notes, 2nd ed."), SAVED));
    expect(screen.queryByTestId("record-notice")).toBeNull();
    expect(screen.getByTestId("record-field-title")).toHaveProperty("value", "Notes, 2nd ed.");

    // The next save stands on the version our save returned.
    typeAndSave("Notes, 3rd ed.");
    expect(operationsNamed(environment, "RecordFormUpdateMutation")[0].request.variables.expectedUpdatedAt).toBe(SAVED);
  });

  it("is no news when the save's live event arrives between the save's start and its answer", async () => {
    const environment = createMockEnvironment();
    await openBook(environment);
    typeAndSave("Notes, 2nd ed.");
    act(() => liveEvent(environment, values("Notes, 2nd ed."), SAVED));
    await act(async () => answerSave(environment, values("Notes, 2nd ed."), SAVED));
    await saveSettled();
    expect(screen.queryByTestId("record-notice")).toBeNull();
  });

  it("still shows someone else's change that follows the save, with the new values", async () => {
    const environment = createMockEnvironment();
    await openBook(environment);
    typeAndSave("Notes, 2nd ed.");
    await act(async () => answerSave(environment, values("Notes, 2nd ed."), SAVED));
    await saveSettled();

    act(() => liveEvent(environment, values("Collected Notes"), FOREIGN));
    expect(screen.getByTestId("record-notice").textContent).toBe(FOREIGN_NOTICE);
    expect(screen.getByTestId("record-field-title")).toHaveProperty("value", "Collected Notes");
  });

  it("still tells of someone else's change that arrives during the save, which the server then refuses", async () => {
    const environment = createMockEnvironment();
    await openBook(environment);
    typeAndSave("Notes, 2nd ed.");
    act(() => liveEvent(environment, values("Collected Notes"), FOREIGN));
    expect(screen.queryByTestId("record-notice")).toBeNull();

    const [save] = operationsNamed(environment, "RecordFormUpdateMutation");
    // The refusal as the project's network layer surfaces it (server: expectedUpdatedAt is stale).
    await act(async () => environment.mock.reject(save, new ApiError("This entry was changed by someone else since you loaded it.", "error_entry_changed", "CONFLICT")));
    expect(screen.getByTestId("record-error").textContent).toContain("This entry was changed by someone else since you loaded it.");
    // What was typed stays; the notice offers the other version.
    expect(screen.getByTestId("record-notice").textContent).toContain("Someone else changed this entry while you were editing it.");
    expect(screen.getByTestId("record-field-title")).toHaveProperty("value", "Notes, 2nd ed.");
  });
});
