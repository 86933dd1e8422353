import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import WorkspaceSetupScreen from "../../../src/org/WorkspaceSetupScreen";
import { getSession, resetSession, updateSession } from "../../../src/session/sessionState";
import { renderScreen } from "../renderScreen";

function renderSetup() {
  const environment = createMockEnvironment();
  renderScreen(WorkspaceSetupScreen, "/workspace-setup", "/workspace-setup", (children) => (
    <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
  ));
}

afterEach(() => {
  cleanup();
  resetSession("NotAuthenticated");
});

describe("the way out of workspace setup", () => {
  it("lets a user without a workspace sign out, and offers no back link to nowhere", async () => {
    updateSession({ status: "NoRoles", email: "a@example.com", userId: "u1", roles: {} });
    renderSetup();
    expect(await screen.findByLabelText("Workspace name")).toBeTruthy();
    expect(screen.queryByTestId("setup-back")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await vi.waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"), { timeout: 5000 });
    expect(getSession().status).toBe("NotAuthenticated");
  });

  it("leads a member who came to create another workspace back to their projects", async () => {
    updateSession({
      status: "Authenticated",
      email: "a@example.com",
      activeOrgId: "org_1",
      roles: { org_1: { id: "role_1", orgId: "org_1", orgName: "Acme", type: "OWNER" } },
    });
    renderSetup();
    fireEvent.click(await screen.findByRole("link", { name: "← Back to projects" }));
    expect((await screen.findByTestId("location")).textContent).toBe("/org/org_1/apis");
  });
});
