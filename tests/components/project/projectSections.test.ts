import { describe, expect, it } from "vitest";
import { projectNavGroups, type ProjectNavInfo } from "../../../src/project/projectSections";
import { canPublishApi, type RoleType } from "../../../src/domain/permissions";

type Project = Omit<ProjectNavInfo, "viewerCanPublish">;
const project = (patch: Partial<Project> = {}): Project => ({
  orgId: "org_1",
  name: "Shop",
  state: "INITIALIZED",
  creationType: "PUBLISH",
  featureFlags: [],
  isSuperuser: false,
  ...patch,
});
/** The viewer's role reaches the sidebar as the server's viewerCanPublish, computed with canPublishApi. */
const sections = (info: Project, role: RoleType) =>
  Object.fromEntries(projectNavGroups({ ...info, viewerCanPublish: canPublishApi(role) }).map(({ group, sections }) => [group, sections]));

describe("project sidebar sections (spec §2 Navigation)", () => {
  it("offers an unpublished project Data, Files, Apps, Model and Settings, without devtools or logs", () => {
    expect(sections(project(), "OWNER")).toEqual({
      management: ["data", "assets", "apps", "types"],
      general: ["settings"],
    });
  });

  it("shows Flows and Declaration only to a feature-flagged user or a superuser", () => {
    expect(sections(project({ featureFlags: ["flows"] }), "DEV").management).toEqual(["data", "assets", "flows", "apps", "types"]);
    expect(sections(project({ featureFlags: ["declaration"] }), "DEV").management).toEqual(["data", "assets", "apps", "types", "json-declaration"]);
    expect(sections(project({ isSuperuser: true }), "GUEST").management).toContain("json-declaration");
  });

  it("shows devtools for a published project to SUPERUSER, ADMIN, OWNER and DEV only", () => {
    for (const role of ["SUPERUSER", "ADMIN", "OWNER", "DEV"] as const) {
      expect(sections(project({ state: "PUBLISHED" }), role).devtools).toEqual(["cloud-functions", "queries"]);
    }
    for (const role of ["CONTENT", "SUPPORT", "GUEST"] as const) {
      expect(sections(project({ state: "PUBLISHED" }), role).devtools).toBeUndefined();
    }
    expect(sections(project({ state: "PUBLISHED" }), "OWNER").general).toEqual(["logs", "settings"]);
  });

  it("hides what an imported project does not have and always offers its playground", () => {
    expect(sections(project({ state: "IMPORTED", creationType: "IMPORT", isSuperuser: true }), "GUEST")).toEqual({
      management: ["data"],
      devtools: ["queries"],
      general: ["settings"],
    });
  });
});
