import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import PublishAuthScreen from "../../../src/project/publish/wizard/PublishAuthScreen";
import PublishAuthScreenQuery, { type PublishAuthScreenQuery as Query } from "../../../src/__generated__/PublishAuthScreenQuery.graphql";
import { addField, initialModel } from "../../../src/domain/model";
import { answerNext, renderWithRelay } from "../renderWithRelay";

afterEach(cleanup);

const base = initialModel();
const table = base.objectTypes[0];
const login = addField(base, table.id, { name: "login", type: "String" });
const secret = addField(login.model, table.id, { name: "secret", type: "String" });

function renderAuth() {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1" };
  environment.mock.queuePendingOperation(PublishAuthScreenQuery, variables);
  answerNext(environment, { Api: () => ({ id: "api_1", name: "Shop", schema: JSON.stringify(secret.model), viewerCanEditModel: true }) });
  const queryRef = loadQuery<Query>(environment, PublishAuthScreenQuery, variables);
  renderWithRelay(() => <PublishAuthScreen queryRef={queryRef} />, environment, "/project-publish/$apiId/auth", "/project-publish/api_1/auth");
  return environment;
}

const optionsOf = (label: string) => within(screen.getByLabelText(label, { selector: "select" })).getAllByRole("option").map((option) => option.textContent);

describe("project-publish-auth (spec §5 'A user table must be set up at publish')", () => {
  it("starts with the default users table and says it will add User", async () => {
    renderAuth();
    await screen.findByRole("heading", { name: "Set up the users table" });
    expect(screen.getByText("Step 1 of 3")).toBeTruthy();
    expect((screen.getByTestId("users-table-default") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Adds a table User with an email and a password field.")).toBeTruthy();
  });

  it("offers custom email and password fields that exclude each other's pick and read-only fields", async () => {
    renderAuth();
    await screen.findByRole("heading", { name: "Set up the users table" });
    fireEvent.click(screen.getByTestId("users-table-custom"));
    fireEvent.change(screen.getByLabelText("Table", { selector: "select" }), { target: { value: table.id } });
    expect(optionsOf("Email field")).toEqual(["Choose…", "login", "secret"]);
    fireEvent.change(screen.getByLabelText("Email field", { selector: "select" }), { target: { value: login.id } });
    expect(optionsOf("Password field")).toEqual(["Choose…", "secret"]);
  });

  it("refuses an incomplete custom choice without asking the server, and sends a complete one", async () => {
    const environment = renderAuth();
    await screen.findByRole("heading", { name: "Set up the users table" });
    fireEvent.click(screen.getByTestId("users-table-custom"));
    fireEvent.click(screen.getByTestId("wizard-next"));
    expect((await screen.findByTestId("publish-auth-error")).textContent).toBe("Please select the users table and its email and password fields.");
    const mutations = () => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");
    expect(mutations()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Table", { selector: "select" }), { target: { value: table.id } });
    fireEvent.change(screen.getByLabelText("Email field", { selector: "select" }), { target: { value: login.id } });
    fireEvent.change(screen.getByLabelText("Password field", { selector: "select" }), { target: { value: secret.id } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ apiId: "api_1", mode: "CUSTOM", tableId: table.id, emailFieldId: login.id, passwordFieldId: secret.id });
    environment.mock.resolve(operation, { data: { setupUsersTable: { id: "api_1", schema: JSON.stringify(secret.model), hasUnpublishedChanges: false } } });
    await screen.findByText("/project-publish/api_1/region");
  });
});
