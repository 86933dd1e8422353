import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { ConnectionHandler } from "relay-runtime";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import ProjectSetupNameScreen from "../../../src/project/ProjectSetupNameScreen";
import { resetSession, updateSession } from "../../../src/session/sessionState";
import { ApiError } from "../../../src/relay/errors";
import en from "../../../locales/en.json";
import { renderWithRelay } from "../renderWithRelay";

function renderSetup() {
  const environment = createMockEnvironment();
  renderWithRelay(ProjectSetupNameScreen, environment, "/project-setup/name");
  return environment;
}

const nameInput = () => screen.getByLabelText("Project name");
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create project" }));
const terms = () => screen.getByRole("checkbox", { name: /terms/i });
const alerts = () => screen.queryAllByRole("alert").map((alert) => alert.textContent);

beforeEach(() => updateSession({ status: "Authenticated", activeOrgId: "org_1", email: "a@example.com", userId: "u1" }));
afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

describe("project setup (step 1 of 1)", () => {
  it("asks for a name and the terms, and sends nothing until both are given", async () => {
    const environment = renderSetup();
    expect((await screen.findByTestId("project-setup-form")).textContent).toContain("Step 1 of 1");
    submit();
    expect(alerts()).toEqual(["Please define a name.", "Please accept the terms of service."]);
    fireEvent.change(nameInput(), { target: { value: "   " } });
    submit();
    expect(alerts()).toContain("Please define a name.");
    fireEvent.change(nameInput(), { target: { value: "Shop" } });
    expect(alerts()).toEqual(["Please accept the terms of service."]);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("creates the project with the spec's defaults, first in the workspace's list, then opens the templates", async () => {
    const environment = renderSetup();
    fireEvent.change(await screen.findByLabelText("Project name"), { target: { value: "  Shop  " } });
    fireEvent.click(terms());
    submit();

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("useCreateApiMutation");
    expect(operation.request.variables).toEqual({
      input: {
        orgId: "org_1",
        name: "Shop",
        defaultAuthMode: "aws_api_key",
        region: "eu-central-1",
        usePrefix: true,
        creationType: "PUBLISH",
        state: "INITIALIZED",
      },
      connections: [ConnectionHandler.getConnectionID("org_1", "ProjectGrid_apis")],
    });
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, { Api: () => ({ id: "api_9", name: "Shop", region: "eu-central-1", state: "INITIALIZED" }) }),
    );
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_9/data?showTemplates=true"));
  });

  it("shows the server's refusal in place", async () => {
    const environment = renderSetup();
    fireEvent.change(await screen.findByLabelText("Project name"), { target: { value: "Shop" } });
    fireEvent.click(terms());
    submit();
    environment.mock.reject(
      environment.mock.getMostRecentOperation(),
      new ApiError("No cloud account", "error_api_create_requires_awsaccount", "BAD_USER_INPUT"),
    );
    expect((await screen.findByTestId("project-setup-error")).textContent).toBe(en.error_api_create_requires_awsaccount);
  });
});

describe("the way out of project setup", () => {
  it("leads back to the workspace's projects", async () => {
    updateSession({ roles: { org_1: { id: "role_1", orgId: "org_1", orgName: "Acme", type: "OWNER" } } });
    renderSetup();
    fireEvent.click(await screen.findByRole("link", { name: "← Back to projects" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/org/org_1/apis");
  });

  it("signs out", async () => {
    renderSetup();
    fireEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"), { timeout: 5000 });
  });

  it("imports an existing GraphQL API with its URL and credential, asking for both", async () => {
    const environment = renderSetup();
    fireEvent.change(await screen.findByLabelText("Project name"), { target: { value: "Legacy" } });
    fireEvent.click(terms());
    fireEvent.click(screen.getByRole("checkbox", { name: en["project.setup.import"] }));
    submit();
    expect(alerts()).toEqual([en.error_import_url_required, en.error_import_credential_required]);
    fireEvent.change(screen.getByLabelText(en["project.setup.importUrl"]), { target: { value: " https://api.example.com/graphql " } });
    fireEvent.change(screen.getByLabelText(en["project.setup.importCredentialKind"]), { target: { value: "token" } });
    fireEvent.change(screen.getByLabelText(en["project.setup.importCredential"]), { target: { value: "eyJ.token" } });
    submit();
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({ creationType: "IMPORT", state: "IMPORTED", importUrl: "https://api.example.com/graphql", importToken: "eyJ.token" });
    environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, { Api: () => ({ id: "api_7", name: "Legacy", region: "eu-central-1", state: "IMPORTED" }) }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/api/api_7/data"));
  });
});
