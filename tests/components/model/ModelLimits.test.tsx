import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { MODEL_LIMITS, addObjectType, type SchemaModel } from "../../../src/domain/model";
import { renderModelScreen, shopModel } from "./renderModelScreen";

afterEach(cleanup);

function withPublicRead(): SchemaModel {
  const model = shopModel();
  model.objectTypes[0].directives.push({ name: "publicRead" }, { name: "group" });
  return model;
}

describe("the model editor shows the limits before saving", () => {
  it("names the limits and how much of them the model uses", async () => {
    renderModelScreen(shopModel());
    const limits = await screen.findByTestId("model-limits");
    expect(limits.textContent).toContain("2 of 100 tables, 1 of 100 enums");
    expect(limits.textContent).toContain(`${MODEL_LIMITS.fieldsPerTable} fields`);
    expect(limits.textContent).toContain(`names up to ${MODEL_LIMITS.nameLength} characters`);
    expect(screen.queryByTestId("model-limit-problems")).toBeNull();
  });

  it("says when the model is over a limit", async () => {
    let model = shopModel();
    for (let i = 0; i < MODEL_LIMITS.tables; i++) model = addObjectType(model).model;
    renderModelScreen(model);
    expect((await screen.findByTestId("model-limit-problems")).textContent).toBe("A project can have at most 100 tables.");
  });

  it("refuses table permissions on a project with API-key auth (spec §5)", async () => {
    renderModelScreen(withPublicRead(), { defaultAuthMode: "aws_api_key" });
    expect((await screen.findByTestId("model-limit-problems")).textContent).toBe(
      "Table permissions can only be set when the project signs users in with OIDC or a user pool.",
    );
  });

  it("accepts them with user-pool auth", async () => {
    renderModelScreen(withPublicRead(), { defaultAuthMode: "aws_cognito_user_pools" });
    await screen.findByTestId("model-limits");
    expect(screen.queryByTestId("model-limit-problems")).toBeNull();
  });
});
