import { describe, expect, it } from "vitest";
import { isDeletionId, newDeletionId } from "../../src/domain/deletions";

describe("deletion names (delete by filter's progress)", () => {
  it("makes names the server accepts, a new one each time", () => {
    const [first, second] = [newDeletionId(), newDeletionId()];
    expect(isDeletionId(first)).toBe(true);
    expect(first).not.toBe(second);
  });

  it("accepts 1 to 64 letters, digits or dashes, and nothing else", () => {
    expect(isDeletionId("b1627958-33b6-433c-983a-28c5c534ffd2")).toBe(true);
    expect(isDeletionId("x".repeat(64))).toBe(true);
    for (const refused of ["", "x".repeat(65), "a b", "a/b", "ä"]) expect(isDeletionId(refused)).toBe(false);
  });
});
