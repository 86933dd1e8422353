import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import { useModelDraft } from "../../../src/model/useModelDraft";
import { addObjectType } from "../../../src/domain/model/tables";

afterEach(cleanup);

const SAVED = JSON.stringify({ objectTypes: [], enumTypes: [] });

/** A reload as the browser starts it: true when the page asked the user first. */
function reloadAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("a reload with unsaved model changes asks first (a page load would cut the save off)", () => {
  it("asks while the working copy differs from the saved declaration, and not once it is cancelled", () => {
    const environment = createMockEnvironment();
    const wrapper = (props: { children: ReactNode }) => <RelayEnvironmentProvider environment={environment}>{props.children}</RelayEnvironmentProvider>;
    const { result } = renderHook(() => useModelDraft("api_1", SAVED, null), { wrapper });
    expect(reloadAsks()).toBe(false);
    act(() => result.current.change((model) => addObjectType(model, "Book").model));
    expect(result.current.dirty).toBe(true);
    expect(reloadAsks()).toBe(true);
    act(() => result.current.cancel());
    expect(reloadAsks()).toBe(false);
  });
});
