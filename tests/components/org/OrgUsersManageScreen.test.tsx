import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrgUsersManageScreenQuery, { type OrgUsersManageScreenQuery as Query } from "../../../src/__generated__/OrgUsersManageScreenQuery.graphql";
import OrgUsersManageScreen from "../../../src/org/users/OrgUsersManageScreen";
import { ApiError } from "../../../src/relay/errors";
import type { RoleType } from "../../../src/domain/permissions";
import { ORG_ID, signInAs, signOutAfterTest, viewerFields } from "./orgTestKit";
import { operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(() => {
  cleanup();
  signOutAfterTest();
});

function renderManage(entry: string, as: RoleType = "OWNER") {
  signInAs(as);
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(OrgUsersManageScreenQuery, { orgId: ORG_ID });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, { Org: () => ({ id: ORG_ID, ...viewerFields(as) }) }),
  );
  const queryRef = loadQuery<Query>(environment, OrgUsersManageScreenQuery, { orgId: ORG_ID });
  renderWithRelay(() => <OrgUsersManageScreen queryRef={queryRef} />, environment, "/org/$orgId/users/$action", entry);
  return environment;
}

const roleOptions = () => [...(screen.getByLabelText("Role") as HTMLSelectElement).options].slice(1);
const submit = () => fireEvent.click(screen.getByTestId("submit-member"));

describe("invite and edit", () => {
  it("lists the invitable roles and asks for a valid email and a role", async () => {
    const environment = renderManage(`/org/${ORG_ID}/users/invite`);
    await screen.findByTestId("org-users-manage-screen");
    expect(roleOptions().map((option) => option.text)).toEqual(["Owner", "Admin", "Content Staff", "Developer", "Guest", "Support Staff"]);
    submit();
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Please choose a role.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "new@example" } });
    submit();
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(operationsNamed(environment, "useCreateRoleMutation")).toHaveLength(0);
  });

  it("sends createRole with the console's language and returns to the list", async () => {
    const environment = renderManage(`/org/${ORG_ID}/users/invite`);
    await screen.findByTestId("org-users-manage-screen");
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: " New@Example.com " } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "DEV" } });
    submit();
    const [invite] = operationsNamed(environment, "useCreateRoleMutation");
    expect(invite.request.variables.input).toEqual({ orgId: ORG_ID, userEmail: "new@example.com", type: "DEV", locale: "en" });
    await act(async () => {
      environment.mock.resolve(invite, {
        data: { createRole: { role: { id: "role_9", orgId: ORG_ID, userEmail: "new@example.com", type: "DEV", lastSignInAt: null } } },
      });
    });
    expect((await screen.findByTestId("location")).textContent).toBe(`/org/${ORG_ID}/users`);
  });

  it("says 'An unexpected error occurred.' when the invite fails without a server message", async () => {
    const environment = renderManage(`/org/${ORG_ID}/users/invite`);
    await screen.findByTestId("org-users-manage-screen");
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "GUEST" } });
    submit();
    await act(async () => {
      environment.mock.reject(operationsNamed(environment, "useCreateRoleMutation")[0], new ApiError("Unexpected error."));
    });
    expect(screen.getByTestId("error-alert").textContent).toBe("An unexpected error occurred.");
  });

  it("shows the server's message for a duplicate invitation", async () => {
    const environment = renderManage(`/org/${ORG_ID}/users/invite`);
    await screen.findByTestId("org-users-manage-screen");
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "old@example.com" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "GUEST" } });
    submit();
    await act(async () => {
      environment.mock.reject(
        operationsNamed(environment, "useCreateRoleMutation")[0],
        new ApiError("This email address already has a role in this workspace.", "error_user_mgt_already_member", "CONFLICT"),
      );
    });
    expect(screen.getByTestId("error-alert").textContent).toBe("This email address already has a role in this workspace.");
  });

  it("disables Owner and Admin for an admin, who has no manage-org", async () => {
    renderManage(`/org/${ORG_ID}/users/invite`, "ADMIN");
    await screen.findByTestId("org-users-manage-screen");
    expect(roleOptions().filter((option) => option.disabled).map((option) => option.value)).toEqual(["OWNER", "ADMIN"]);
  });

  it("pre-fills edit mode from the query values, locks the email and saves only the role", async () => {
    const environment = renderManage(`/org/${ORG_ID}/users/edit?email=dev%40example.com&role=DEV&roleId=role_7`);
    await screen.findByTestId("org-users-manage-screen");
    expect(screen.getByRole("heading", { name: "Change role" })).toBeTruthy();
    const email = screen.getByLabelText("Email address") as HTMLInputElement;
    expect(email.value).toBe("dev@example.com");
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText("Role") as HTMLSelectElement).value).toBe("DEV");
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "SUPPORT" } });
    submit();
    const [update] = operationsNamed(environment, "useUpdateRoleMutation");
    expect(update.request.variables.input).toEqual({ id: "role_7", type: "SUPPORT" });
  });

  it("keeps the form disabled for someone who cannot manage users", async () => {
    renderManage(`/org/${ORG_ID}/users/invite`, "DEV");
    await screen.findByTestId("org-users-manage-screen");
    expect((screen.getByTestId("submit-member") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText("Role") as HTMLSelectElement).disabled).toBe(true);
  });
});
