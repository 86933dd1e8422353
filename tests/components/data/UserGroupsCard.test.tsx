import { afterEach, describe, expect, it } from "vitest";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import en from "../../../locales/en.json";
import { UserGroupsCard } from "../../../src/data/record/UserGroupsCard";
import { addObjectType, initialModel, setAccessGroups, toggleTableAccess } from "../../../src/domain/model";
import { ApiError } from "../../../src/relay/errors";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

/** A model whose table Report gives read access to the groups editors and auditors (spec §6 'Table access'). */
function modelWithGroups() {
  const added = addObjectType(initialModel(), "Report");
  const report = added.model.objectTypes.find((table) => table.id === added.id)!;
  const withGroups = toggleTableAccess(setAccessGroups(report, ["editors", "auditors"]), "read", "group");
  return { ...added.model, objectTypes: added.model.objectTypes.map((table) => (table.id === added.id ? withGroups : table)) };
}

function renderCard() {
  const environment = createMockEnvironment();
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <UserGroupsCard userId="u1" model={modelWithGroups()} />
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  return environment;
}

function answerGroups(environment: MockEnvironment, groups: string[], canManage = true) {
  const operation = operationsNamed(environment, "UserGroupsCardQuery").at(-1)!;
  expect(operation.request.variables).toEqual({ userId: "u1" });
  act(() => environment.mock.resolve(operation, { data: { viewerCanManageUserGroups: canManage, adminListGroupsForUser: groups } }));
}

const shownGroups = () => screen.queryAllByTestId("user-group").map((row) => row.firstElementChild?.textContent);

describe("a project user's groups in the record editor (spec §6 'Table access: … group')", () => {
  it("shows 'Not in any group yet.', offers the tables' groups, adds one and lists what the server answers", async () => {
    const environment = renderCard();
    answerGroups(environment, []);
    expect((await screen.findByTestId("user-groups-empty")).textContent).toBe("Not in any group yet.");
    expect(screen.getByText("Groups your tables give access to: auditors, editors. Any other name works too.")).toBeTruthy();
    const input = screen.getByLabelText("Add to group");
    expect([...document.querySelectorAll(`#${CSS.escape(input.getAttribute("list")!)} option`)].map((option) => option.getAttribute("value"))).toEqual(["auditors", "editors"]);

    fireEvent.change(input, { target: { value: "editors" } });
    fireEvent.submit(input.closest("form")!);
    await waitFor(() => expect(operationsNamed(environment, "UserGroupsCardAddMutation")).toHaveLength(1));
    const [add] = operationsNamed(environment, "UserGroupsCardAddMutation");
    expect(add.request.variables.input).toEqual({ userId: "u1", groupName: "editors" });
    act(() => environment.mock.resolve(add, { data: { adminAddUserToGroup: ["editors"] } }));
    await waitFor(() => expect(shownGroups()).toEqual(["editors"]));
    expect((screen.getByLabelText("Add to group") as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Groups your tables give access to: auditors. Any other name works too.")).toBeTruthy();
  });

  it("removes a group with its labelled button and shows the server's answer", async () => {
    const environment = renderCard();
    answerGroups(environment, ["editors", "night-shift"]);
    await waitFor(() => expect(shownGroups()).toEqual(["editors", "night-shift"]));
    fireEvent.click(screen.getByRole("button", { name: "Remove from group night-shift" }));
    const [remove] = operationsNamed(environment, "UserGroupsCardRemoveMutation");
    expect(remove.request.variables.input).toEqual({ userId: "u1", groupName: "night-shift" });
    act(() => environment.mock.resolve(remove, { data: { adminRemoveUserFromGroup: ["editors"] } }));
    await waitFor(() => expect(shownGroups()).toEqual(["editors"]));
  });

  it("explains a name the server would refuse without sending it, and shows a refusal it did send", async () => {
    const environment = renderCard();
    answerGroups(environment, []);
    const input = await screen.findByLabelText("Add to group");
    fireEvent.change(input, { target: { value: " editors" } });
    fireEvent.click(screen.getByTestId("user-group-add"));
    expect((await screen.findByRole("alert")).textContent).toBe("A group name has 1 to 128 characters and no spaces at either end.");
    expect(operationsNamed(environment, "UserGroupsCardAddMutation")).toHaveLength(0);

    fireEvent.change(input, { target: { value: "editors" } });
    fireEvent.click(screen.getByTestId("user-group-add"));
    const [add] = operationsNamed(environment, "UserGroupsCardAddMutation");
    act(() => environment.mock.reject(add, new ApiError("limit", "error_user_groups_limit", "BAD_USER_INPUT", { max: "100" })));
    expect((await screen.findByTestId("user-groups-error")).textContent).toBe("A user can be in at most 100 groups.");
  });

  it("only lists the groups for a member who may not edit data (viewerCanManageUserGroups false)", async () => {
    const environment = renderCard();
    answerGroups(environment, ["editors"], false);
    await waitFor(() => expect(shownGroups()).toEqual(["editors"]));
    expect(screen.queryByLabelText("Add to group")).toBeNull();
    expect(within(screen.getByTestId("user-groups")).queryByRole("button")).toBeNull();
  });

  it("says an entry without a sign-in has no groups, that a project user may not see them, and offers a retry after any other failure", async () => {
    const environment = renderCard();
    const first = operationsNamed(environment, "UserGroupsCardQuery")[0];
    act(() => environment.mock.reject(first, new ApiError("unknown", "error_project_user_unknown", "NOT_FOUND")));
    expect((await screen.findByTestId("user-groups-no-sign-in")).textContent).toContain("This entry cannot sign in");

    cleanup();
    const asProjectUser = renderCard();
    act(() => asProjectUser.mock.reject(operationsNamed(asProjectUser, "UserGroupsCardQuery")[0], new ApiError("no", "error_forbidden", "FORBIDDEN")));
    expect((await screen.findByTestId("user-groups-members-only")).textContent).toBe("Only workspace members see a user's groups. Sign out of the project to manage them.");

    cleanup();
    const again = renderCard();
    act(() => again.mock.reject(operationsNamed(again, "UserGroupsCardQuery")[0], new Error("offline")));
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    answerGroups(again, ["editors"]);
    await waitFor(() => expect(shownGroups()).toEqual(["editors"]));
  });
});
