import { describe, expect, it } from "vitest";
import { addField, addObjectType, type SchemaModel } from "../../src/domain/model";
import { hasUnpublishedChanges } from "../../src/domain/publish/changes";
import { publishButton, publishStepStatuses, publishWidgetCase, type PublishWidgetInput } from "../../src/domain/publish/progress";
import { publishProblem } from "../../src/domain/publish/readiness";
import { publishableModel } from "../server/publishing/models";

const API = { awsAccountId: "000000000000", region: "eu-central-1", defaultAuthMode: "aws_api_key", oidc: null };

describe("publishProblem (spec §5 'Projects')", () => {
  it("accepts a project with a users table that has email and password fields", () => {
    expect(publishProblem(API, publishableModel(1))).toBeNull();
  });

  it("'Publishing not possible. Please contact support.' without a cloud account", () => {
    expect(publishProblem({ ...API, awsAccountId: null }, publishableModel())).toBe("error_api_create_requires_awsaccount");
  });

  it("requires a region and an auth mode, and for OIDC clientId and issuerUrl", () => {
    expect(publishProblem({ ...API, region: "" }, publishableModel())).toBe("error_api_create_requires_region");
    expect(publishProblem({ ...API, defaultAuthMode: null }, publishableModel())).toBe("error_api_create_requires_authmode");
    const oidc = { ...API, defaultAuthMode: "aws_oidc" };
    expect(publishProblem({ ...oidc, oidc: JSON.stringify({ issuerUrl: "https://id.example.com" }) }, publishableModel())).toBe("error_api_create_requires_clientid");
    expect(publishProblem({ ...oidc, oidc: JSON.stringify({ clientId: "app" }) }, publishableModel())).toBe("error_api_create_requires_issuerurl");
    expect(publishProblem({ ...oidc, oidc: JSON.stringify({ clientId: "app", issuerUrl: "not a url" }) }, publishableModel())).toBe("error_api_oidc_issuerurl_invalid");
  });

  it("'Publishing requires at least one table with a non-empty name'", () => {
    expect(publishProblem(API, { objectTypes: [], enumTypes: [] })).toBe("error_api_create_requires_types");
  });

  it("'A users table with email and password fields is required'", () => {
    const withoutUsers = publishableModel();
    withoutUsers.objectTypes[0].directives = [];
    expect(publishProblem(API, withoutUsers)).toBe("error_api_create_requires_usertype");
    const emailAsString = publishableModel();
    emailAsString.objectTypes[0].fields = emailAsString.objectTypes[0].fields.map((field) => (field.name === "email" ? { ...field, type: "String" } : field));
    expect(publishProblem(API, emailAsString)).toBe("error_api_create_requires_usertype");
  });
});

describe("hasUnpublishedChanges (spec §4: 'Enums are compared by name and values, and types are compared too')", () => {
  const withEnum = (values: string[]): SchemaModel => ({
    ...publishableModel(1),
    enumTypes: [{ id: "enum01", name: "Colour", values: values.map((name) => ({ name })) }],
  });

  it("is false without a published run and for the same model", () => {
    const model = publishableModel(2);
    expect(hasUnpublishedChanges(null, model)).toBe(false);
    expect(hasUnpublishedChanges(model, structuredClone(model))).toBe(false);
  });

  it("ignores what the editor keeps for itself: order of tables and the selected flag", () => {
    const model = publishableModel(2);
    const reordered = { ...model, objectTypes: [...model.objectTypes].reverse().map((type) => ({ ...type, selected: true })) };
    expect(hasUnpublishedChanges(model, reordered)).toBe(false);
  });

  it("sees a new table, a new field, a changed type and a renamed table", () => {
    const model = publishableModel(1);
    const item = model.objectTypes[1];
    expect(hasUnpublishedChanges(model, addObjectType(model, "Order").model)).toBe(true);
    expect(hasUnpublishedChanges(model, addField(model, item.id, { name: "stock", type: "Integer" }).model)).toBe(true);
    const retyped = structuredClone(model);
    retyped.objectTypes[1].fields.find((field) => field.name === "price")!.type = "Integer";
    expect(hasUnpublishedChanges(model, retyped)).toBe(true);
    const renamed = structuredClone(model);
    renamed.objectTypes[1].name = "Product";
    expect(hasUnpublishedChanges(model, renamed)).toBe(true);
  });

  it("compares enums by name and values", () => {
    expect(hasUnpublishedChanges(withEnum(["RED", "GREEN"]), withEnum(["RED", "GREEN"]))).toBe(false);
    expect(hasUnpublishedChanges(withEnum(["RED", "GREEN"]), withEnum(["RED", "BLUE"]))).toBe(true);
    const renamed = withEnum(["RED", "GREEN"]);
    renamed.enumTypes[0].name = "Color";
    expect(hasUnpublishedChanges(withEnum(["RED", "GREEN"]), renamed)).toBe(true);
  });
});

describe("publishStepStatuses (spec §4 'Progress steps')", () => {
  it("step 1 Prepare Stack covers PUBLISHING and PUBLISHING_PREPARE", () => {
    for (const state of ["PUBLISHING", "PUBLISHING_PREPARE"]) {
      expect(publishStepStatuses(state)).toEqual({ prepareStack: "inProgress", createSchema: "pending", deployResolvers: "pending" });
    }
  });

  it("a step is done once the state is past it", () => {
    expect(publishStepStatuses("PUBLISHING_SCHEMA")).toEqual({ prepareStack: "done", createSchema: "inProgress", deployResolvers: "pending" });
    expect(publishStepStatuses("PUBLISHING_RESOLVERS")).toEqual({ prepareStack: "done", createSchema: "done", deployResolvers: "inProgress" });
    expect(publishStepStatuses("PUBLISHED")).toEqual({ prepareStack: "done", createSchema: "done", deployResolvers: "done" });
  });

  it("the step that was current fails with PUBLISHING_FAILED", () => {
    expect(publishStepStatuses("PUBLISHING_FAILED", "PUBLISHING_SCHEMA")).toEqual({ prepareStack: "done", createSchema: "failed", deployResolvers: "pending" });
    expect(publishStepStatuses("PUBLISHING_FAILED")).toEqual({ prepareStack: "failed", createSchema: "pending", deployResolvers: "pending" });
  });
});

describe("the publish widget and button (spec §2 'Project dashboard and publish widget')", () => {
  const api = (changes: Partial<PublishWidgetInput>): PublishWidgetInput => ({
    state: "INITIALIZED",
    creationType: "PUBLISH",
    graphqlUrl: null,
    unpublishedChanges: false,
    ...changes,
  });
  const URL = "https://example.com/p/api_1/graphql";

  it("no URL and not publishing: a hint and Publish, leading to the publish-auth step", () => {
    expect(publishWidgetCase(api({}))).toBe("unpublished");
    expect(publishButton(api({}))).toEqual({ label: "publish", target: "publishAuth" });
  });

  it("publishing: view progress on the publishing screen", () => {
    expect(publishWidgetCase(api({ state: "PUBLISHING_SCHEMA", graphqlUrl: URL }))).toBe("publishing");
    expect(publishButton(api({ state: "PUBLISHING" }))).toEqual({ label: "viewProgress", target: "publishing" });
  });

  it("failed: the failed message", () => {
    expect(publishWidgetCase(api({ state: "PUBLISHING_FAILED" }))).toBe("failed");
  });

  it("published with unpublished changes: 'Publish changes' leading to the overview", () => {
    const changed = api({ state: "PUBLISHED", graphqlUrl: URL, unpublishedChanges: true });
    expect(publishWidgetCase(changed)).toBe("changes");
    expect(publishButton(changed)).toEqual({ label: "publishChanges", target: "overview" });
  });

  it("otherwise the URL; Publish leads to the overview", () => {
    const live = api({ state: "PUBLISHED", graphqlUrl: URL });
    expect(publishWidgetCase(live)).toBe("live");
    expect(publishButton(live)).toEqual({ label: "publish", target: "overview" });
  });

  it("no button for an IMPORTED project with no graphqlUrl and no unpublished changes", () => {
    expect(publishButton(api({ state: "IMPORTED", creationType: "IMPORT" }))).toBeNull();
    expect(publishButton(api({ state: "IMPORTED", creationType: "IMPORT", unpublishedChanges: true }))).not.toBeNull();
  });
});
