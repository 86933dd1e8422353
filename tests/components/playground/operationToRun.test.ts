import { describe, expect, it } from "vitest";
import { operationToRun } from "../../../src/playground/fetcher";

describe("the playground's operation to run", () => {
  it("is read from the sent text, not GraphiQL's parse of the editor, which lags an edit by 100 ms", () => {
    // The editor held `query Kept`, the user typed a subscription and ran it at once.
    const operation = operationToRun("subscription Heard { onCreateItem1 { title } }", "Kept");
    expect(operation?.operation).toBe("subscription");
    expect(operation?.name?.value).toBe("Heard");
  });

  it("follows the chosen name among several operations, and is null for text that does not parse", () => {
    const text = "query A { a } subscription B { b }";
    expect(operationToRun(text, "B")?.operation).toBe("subscription");
    expect(operationToRun(text, "A")?.operation).toBe("query");
    expect(operationToRun(text, undefined)).toBeNull();
    expect(operationToRun("{ listItem1 {", undefined)).toBeNull();
    expect(operationToRun("{ listItem1 { items { id } } }", null)?.operation).toBe("query");
  });
});
