import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import PublishAuthScreen from "../../../src/project/publish/wizard/PublishAuthScreen";
import PublishAuthScreenQuery, { type PublishAuthScreenQuery as Query } from "../../../src/__generated__/PublishAuthScreenQuery.graphql";
import { addField, initialModel } from "../../../src/domain/model";
import { ApiError } from "../../../src/relay/errors";
import { answerNext, operationsNamed, renderWithRelay, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

const base = initialModel();
const table = base.objectTypes[0];
const login = addField(base, table.id, { name: "login", type: "String" });
const secret = addField(login.model, table.id, { name: "secret", type: "String" });

type ApiFields = { state?: string; defaultAuthMode?: string; oidc?: string | null };

function renderAuth(api: ApiFields = {}) {
  const environment = createMockEnvironment();
  const variables = { apiId: "api_1" };
  environment.mock.queuePendingOperation(PublishAuthScreenQuery, variables);
  answerNext(environment, {
    Api: () => ({
      id: "api_1",
      name: "Shop",
      schema: JSON.stringify(secret.model),
      viewerCanEditModel: true,
      state: "INITIALIZED",
      defaultAuthMode: "aws_api_key",
      oidc: null,
      ...api,
    }),
  });
  const queryRef = loadQuery<Query>(environment, PublishAuthScreenQuery, variables);
  renderWithRelay(() => <PublishAuthScreen queryRef={queryRef} />, environment, "/project-publish/$apiId/auth", "/project-publish/api_1/auth");
  return environment;
}

const mutations = (environment: MockEnvironment) =>
  environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");

/** Answers the pending auth-mode save as the server would. */
function answerAuthMode(environment: MockEnvironment) {
  const [operation] = operationsNamed(environment, "mutationsSaveAuthModeMutation");
  const input = operation.request.variables.input;
  environment.mock.resolve(operation, {
    data: { updateApi: { id: "api_1", defaultAuthMode: input.defaultAuthMode, additionalAuthModes: [], oidc: input.oidc, schema: JSON.stringify(secret.model), hasUnpublishedChanges: false } },
  });
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
    const scrolledTo: Element[] = [];
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    fireEvent.click(screen.getByTestId("wizard-next"));
    // The message sits under the pick that is missing, which is scrolled to and focused (not the card's top, off screen).
    const tableSelect = screen.getByLabelText("Table", { selector: "select" });
    await vi.waitFor(() => expect(document.activeElement).toBe(tableSelect));
    expect(scrolledTo).toEqual([tableSelect]);
    expect(tableSelect.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(tableSelect.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Please select the users table and its email and password fields.",
    );
    expect(screen.queryByTestId("publish-auth-error")).toBeNull();
    expect(mutations(environment)).toHaveLength(0);

    fireEvent.change(tableSelect, { target: { value: table.id } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    const emailSelect = screen.getByLabelText("Email field", { selector: "select" });
    await vi.waitFor(() => expect(document.activeElement).toBe(emailSelect));
    expect(scrolledTo).toEqual([tableSelect, emailSelect]);
    scroll.mockRestore();

    fireEvent.change(screen.getByLabelText("Email field", { selector: "select" }), { target: { value: login.id } });
    fireEvent.change(screen.getByLabelText("Password field", { selector: "select" }), { target: { value: secret.id } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    await vi.waitFor(() => expect(operationsNamed(environment, "mutationsSaveAuthModeMutation")).toHaveLength(1));
    answerAuthMode(environment);
    await vi.waitFor(() => expect(operationsNamed(environment, "mutationsSetupUsersTableMutation")).toHaveLength(1));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ apiId: "api_1", mode: "CUSTOM", tableId: table.id, emailFieldId: login.id, passwordFieldId: secret.id });
    environment.mock.resolve(operation, { data: { setupUsersTable: { id: "api_1", schema: JSON.stringify(secret.model), hasUnpublishedChanges: false } } });
    await screen.findByText("/project-publish/api_1/region");
  });
});

describe("project-publish-auth: the user authentication method (spec §5, §9)", () => {
  let environment: MockEnvironment;
  const open = async (api: ApiFields = {}) => {
    environment = renderAuth(api);
    await screen.findByRole("heading", { name: "Set up the users table" });
  };
  const radio = (name: string) => screen.getByRole("radio", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
  const authModeInput = () => operationsNamed(environment, "mutationsSaveAuthModeMutation")[0]?.request.variables.input;

  it("offers API key (preselected by default), Cognito user pools and OpenID Connect", async () => {
    await open();
    const group = screen.getByRole("group", { name: "User authentication" });
    expect(within(group).getAllByRole("radio").map((option) => (option as HTMLInputElement).value)).toEqual(["aws_api_key", "aws_cognito_user_pools", "aws_oidc"]);
    expect(radio("API key").checked).toBe(true);
    expect(screen.queryByLabelText("Client ID")).toBeNull();
  });

  it("preselects the project's current mode and its OIDC settings", async () => {
    await open({ defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "shop-app", issuerUrl: "https://login.example.com" }) });
    expect(radio("OpenID Connect").checked).toBe(true);
    expect((screen.getByLabelText("Client ID") as HTMLInputElement).value).toBe("shop-app");
    expect((screen.getByLabelText("Issuer URL") as HTMLInputElement).value).toBe("https://login.example.com");
  });

  it("'For OIDC, clientId and issuerUrl are required': refuses empty fields under each field, without asking the server", async () => {
    await open();
    fireEvent.click(radio("OpenID Connect"));
    fireEvent.click(screen.getByTestId("wizard-next"));
    const clientId = screen.getByLabelText("Client ID");
    await vi.waitFor(() => expect(document.activeElement).toBe(clientId));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["The OIDC clientId is mandatory.", "The OIDC issuerUrl is mandatory."]);
    expect(clientId.getAttribute("aria-invalid")).toBe("true");
    expect(mutations(environment)).toHaveLength(0);
  });

  it("'The issuer URL must be valid': refuses a value that is not an http(s) address", async () => {
    await open();
    fireEvent.click(radio("OpenID Connect"));
    fireEvent.change(screen.getByLabelText("Client ID"), { target: { value: "shop-app" } });
    for (const invalid of ["login.example.com", "ftp://login.example.com", "https://login.example.com/?tenant=1"]) {
      fireEvent.change(screen.getByLabelText("Issuer URL"), { target: { value: invalid } });
      fireEvent.click(screen.getByTestId("wizard-next"));
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Issuer URL")));
      expect(screen.getByRole("alert").textContent).toBe("The OIDC issuerUrl must be a valid http or https address.");
      screen.getByTestId("wizard-next").focus();
    }
    expect(mutations(environment)).toHaveLength(0);
  });

  it("saves exactly { id, defaultAuthMode, oidc } before the users table, then goes on to the region", async () => {
    await open();
    fireEvent.click(radio("OpenID Connect"));
    fireEvent.change(screen.getByLabelText("Client ID"), { target: { value: " shop-app " } });
    fireEvent.change(screen.getByLabelText("Issuer URL"), { target: { value: "http://127.0.0.1:9000/realms/shop" } });
    fireEvent.click(screen.getByTestId("wizard-next"));
    await vi.waitFor(() => expect(authModeInput()).toBeDefined());
    expect(authModeInput()).toEqual({ id: "api_1", defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "shop-app", issuerUrl: "http://127.0.0.1:9000/realms/shop" }) });
    expect(operationsNamed(environment, "mutationsSetupUsersTableMutation")).toHaveLength(0);
    answerAuthMode(environment);
    await vi.waitFor(() => expect(operationsNamed(environment, "mutationsSetupUsersTableMutation")).toHaveLength(1));
    const [setup] = operationsNamed(environment, "mutationsSetupUsersTableMutation");
    environment.mock.resolve(setup, { data: { setupUsersTable: { id: "api_1", schema: JSON.stringify(secret.model), hasUnpublishedChanges: false } } });
    await screen.findByText("/project-publish/api_1/region");
  });

  it("sends Cognito user pools without OIDC settings, and shows the server's refusal", async () => {
    await open();
    fireEvent.click(radio("Cognito user pools"));
    fireEvent.click(screen.getByTestId("wizard-next"));
    await vi.waitFor(() => expect(authModeInput()).toEqual({ id: "api_1", defaultAuthMode: "aws_cognito_user_pools", oidc: null }));
    const [operation] = operationsNamed(environment, "mutationsSaveAuthModeMutation");
    environment.mock.reject(operation, new ApiError("read only", "error_api_auth_mode_read_only", "BAD_USER_INPUT"));
    expect((await screen.findByTestId("publish-auth-error")).textContent).toBe("The authentication method cannot be changed once the project is published.");
    expect(operationsNamed(environment, "mutationsSetupUsersTableMutation")).toHaveLength(0);
  });

  it("shows a project set up with IAM (aws_iam) as its selected 'AWS IAM' card, kept on Continue or changed like any other", async () => {
    await open({ defaultAuthMode: "aws_iam" });
    const group = screen.getByRole("group", { name: "User authentication" });
    expect(within(group).getAllByRole("radio").map((option) => (option as HTMLInputElement).value)).toEqual(["aws_api_key", "aws_cognito_user_pools", "aws_oidc", "aws_iam"]);
    expect(radio("AWS IAM").checked).toBe(true);
    fireEvent.click(screen.getByTestId("wizard-next"));
    await vi.waitFor(() => expect(authModeInput()).toEqual({ id: "api_1", defaultAuthMode: "aws_iam", oidc: null }));
  });

  it("shows a published IAM project's method selected and disabled", async () => {
    await open({ state: "PUBLISHED", defaultAuthMode: "aws_iam" });
    expect(radio("AWS IAM").checked).toBe(true);
    expect(radio("AWS IAM").matches(":disabled")).toBe(true);
  });

  it("'Once published, the user authentication method is read-only': shows it disabled with a note and does not save it", async () => {
    await open({ state: "PUBLISHED", defaultAuthMode: "aws_cognito_user_pools" });
    expect(radio("Cognito user pools").checked).toBe(true);
    for (const name of ["API key", "Cognito user pools", "OpenID Connect"]) expect(radio(name).matches(":disabled")).toBe(true);
    expect(screen.getByTestId("auth-mode-read-only").textContent).toBe("The project is published, so its user authentication method can no longer be changed.");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await vi.waitFor(() => expect(operationsNamed(environment, "mutationsSetupUsersTableMutation")).toHaveLength(1));
    expect(operationsNamed(environment, "mutationsSaveAuthModeMutation")).toHaveLength(0);
  });
});
