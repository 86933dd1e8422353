import { describe, expect, it } from "vitest";
import { isImported, isPublished, isPublishing, statusLabel } from "../../src/domain/apiState";

describe("project state", () => {
  it("shows the spec's status labels", () => {
    expect(statusLabel("INITIALIZED")).toBe("init");
    expect(statusLabel("PUBLISHING_FAILED")).toBe("failed");
    expect(statusLabel("PUBLISHED")).toBe("live");
  });
  it("counts every state other than INITIALIZED or IMPORTED as published", () => {
    expect(isPublished("INITIALIZED")).toBe(false);
    expect(isPublished("IMPORTED")).toBe(false);
    for (const state of ["PUBLISHING", "PUBLISHING_SCHEMA", "PUBLISHED", "PUBLISHING_FAILED"]) {
      expect(isPublished(state)).toBe(true);
    }
  });
  it("knows an imported project by how it was created or by its state", () => {
    expect(isImported({ creationType: "IMPORT", state: "PUBLISHED" })).toBe(true);
    expect(isImported({ creationType: "PUBLISH", state: "IMPORTED" })).toBe(true);
    expect(isImported({ creationType: "PUBLISH", state: "INITIALIZED" })).toBe(false);
  });
  it("treats a project without state as PUBLISHED", () => {
    expect(statusLabel(null)).toBe("live");
    expect(isPublished(undefined)).toBe(true);
  });
  it("treats states with PUBLISHING as in progress, but not the failure", () => {
    expect(isPublishing("PUBLISHING_PREPARE")).toBe(true);
    expect(isPublishing("PUBLISHING_FAILED")).toBe(false);
    expect(statusLabel("PUBLISHING_RESOLVERS")).toBe("publishing");
  });
});
