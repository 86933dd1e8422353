import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrgUsersScreen from "../../../src/org/users/OrgUsersScreen";
import OrgRoleUpdates from "../../../src/org/OrgRoleUpdates";
import OrgUsersScreenQuery, { type OrgUsersScreenQuery as Query } from "../../../src/__generated__/OrgUsersScreenQuery.graphql";
import { ApiError } from "../../../src/relay/errors";
import type { RoleType } from "../../../src/domain/permissions";
import { MY_EMAIL, ORG_ID, signInAs, signOutAfterTest, viewerFields } from "./orgTestKit";
import { answerNext, operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(() => {
  cleanup();
  signOutAfterTest();
});

interface Member {
  id: string;
  userEmail: string;
  type: RoleType;
  lastSignInAt: string | null;
  viewerCanRemove: boolean;
}

const member = (n: number, type: RoleType = "DEV"): Member => ({ id: `role_${n}`, userEmail: `user${n}@example.com`, type, lastSignInAt: null, viewerCanRemove: true });
/** The signed-in user's own row: the server never lets anyone remove themselves. */
const me = (type: RoleType = "OWNER"): Member => ({ id: "role_me", userEmail: MY_EMAIL, type, lastSignInAt: null, viewerCanRemove: false });

const page = (members: Member[], hasNextPage = false) => ({
  edges: members.map((node) => ({ cursor: node.id, node })),
  pageInfo: { hasNextPage, endCursor: members.at(-1)?.id ?? null },
});

/**
 * The members screen with the live role updates of the org layout, on mocked data: the server
 * answers with the first page (ten rows) and the workspace's memberCount.
 */
function renderMembers(members: Member[], as: RoleType = "OWNER") {
  signInAs(as);
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(OrgUsersScreenQuery, { orgId: ORG_ID });
  answerNext(environment, {
    Org: () => ({ id: ORG_ID, name: "Acme", memberCount: members.length, ...viewerFields(as) }),
    RoleConnection: () => page(members.slice(0, 10), members.length > 10),
  });
  const queryRef = loadQuery<Query>(environment, OrgUsersScreenQuery, { orgId: ORG_ID });
  renderWithRelay(
    () => (
      <>
        <OrgRoleUpdates orgId={ORG_ID} />
        <OrgUsersScreen queryRef={queryRef} />
      </>
    ),
    environment,
    "/org/$orgId/users",
    `/org/${ORG_ID}/users`,
  );
  return environment;
}

const rows = () => screen.getAllByTestId("member-row");
const emails = () => rows().map((row) => within(row).getByTestId("member-email").textContent);

/** An event as the server sends it: createdRole only for CREATED, deletedRoleId only for DELETED. */
function pushRoleEvent(environment: ReturnType<typeof createMockEnvironment>, change: string, role: Member, memberCount: number) {
  const [subscription] = operationsNamed(environment, "OrgRoleUpdatesSubscription");
  act(() => {
    environment.mock.nextValue(
      subscription,
      MockPayloadGenerator.generate(subscription, {
        RoleEvent: () => ({
          change,
          orgId: ORG_ID,
          ...(change === "CREATED" ? {} : { createdRole: null }),
          deletedRoleId: change === "DELETED" ? role.id : null,
        }),
        Role: () => role,
        Org: () => ({ id: ORG_ID, memberCount }),
      }),
    );
  });
}

describe("members table", () => {
  it("shows email, role and last sign-in with the server's member count, ten rows per page, each page asked from the server", async () => {
    const members = Array.from({ length: 12 }, (_, i) => member(i + 1));
    members[0] = { ...member(1, "OWNER"), userEmail: MY_EMAIL, lastSignInAt: "2026-11-20T09:30:00.000Z" };
    const environment = renderMembers(members);
    expect((await screen.findByTestId("members-total")).textContent).toBe("12 members");
    expect(rows()).toHaveLength(10);
    const first = within(rows()[0]);
    expect(first.getByTestId("member-role").textContent).toBe("Owner");
    expect(rows()[0].textContent).toContain("2026");
    expect(within(rows()[1]).getByText("Never")).toBeTruthy();
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    const [next] = operationsNamed(environment, "MembersTablePaginationQuery");
    expect(next.request.variables).toMatchObject({ orgId: ORG_ID, first: 10, after: "role_10" });
    act(() => environment.mock.resolve(next, { data: { org: { id: ORG_ID, memberCount: 12 }, rolesByOrg: page(members.slice(10)) } }));
    expect(emails()).toEqual(["user11@example.com", "user12@example.com"]);
  });

  it("gives managers the selection and edit columns with the query values of the edit screen", async () => {
    renderMembers([member(1, "GUEST")]);
    await screen.findByTestId("members-table");
    expect(screen.getByRole("checkbox", { name: "Select user1@example.com" })).toBeTruthy();
    const edit = screen.getByRole("link", { name: "Edit user1@example.com" });
    expect(edit.getAttribute("href")).toBe(`/org/${ORG_ID}/users/edit?email=user1%40example.com&role=GUEST&roleId=role_1`);
    expect(screen.getByTestId("invite-member").getAttribute("href")).toBe(`/org/${ORG_ID}/users/invite`);
  });

  it("shows a guest the table without selection, edit, invite or remove", async () => {
    renderMembers([member(1, "GUEST")], "GUEST");
    await screen.findByTestId("members-table");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByTestId("member-edit")).toBeNull();
    expect(screen.queryByTestId("invite-member")).toBeNull();
    expect(screen.queryByTestId("remove-members")).toBeNull();
  });

  it("removes the selected members with one deleteRole each, in parallel, and reports each refusal", async () => {
    const environment = renderMembers([me(), member(2, "OWNER"), member(3)]);
    await screen.findByTestId("members-table");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select user2@example.com" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select user3@example.com" }));
    fireEvent.click(screen.getByTestId("remove-members"));
    fireEvent.click(within(screen.getByTestId("remove-members-dialog")).getByRole("button", { name: "Remove 2 members" }));

    const deletes = operationsNamed(environment, "useDeleteRoleMutation");
    expect(deletes.map((operation) => operation.request.variables.input.id)).toEqual(["role_2", "role_3"]);
    await act(async () => {
      // Another owner left meanwhile: the server keeps the workspace's last owner.
      environment.mock.reject(deletes[0], new ApiError("A workspace needs at least one owner.", "error_user_mgt_last_owner", "FORBIDDEN"));
      environment.mock.resolve(deletes[1], {
        data: { deleteRole: { id: "role_3", userEmail: "user3@example.com", orgId: ORG_ID, org: { id: ORG_ID, memberCount: 2 } } },
      });
    });
    expect(emails()).toEqual([MY_EMAIL, "user2@example.com"]);
    expect(screen.getByTestId("members-total").textContent).toBe("2 members");
    expect(screen.getByTestId("error-alert").textContent).toBe("A workspace needs at least one owner.");
    // The refused row stays selected, so the user sees which one failed.
    expect((screen.getByRole("checkbox", { name: "Select user2@example.com" }) as HTMLInputElement).checked).toBe(true);
  });

  it("does not offer the only owner 'remove' on themselves (the server's viewerCanRemove)", async () => {
    renderMembers([me(), member(2, "GUEST")]);
    await screen.findByTestId("members-table");
    const own = screen.getByRole("checkbox", { name: `Select ${MY_EMAIL}` }) as HTMLInputElement;
    expect(own.disabled).toBe(true);
    // Selecting the page selects only who may be removed.
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(own.checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: "Select user2@example.com" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("remove-members").textContent).toBe("Remove selected (1)");
  });

  it("asks before removing, naming the email, and Cancel removes nothing", async () => {
    const environment = renderMembers([member(1), member(2)]);
    await screen.findByTestId("members-table");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select user2@example.com" }));
    fireEvent.click(screen.getByTestId("remove-members"));
    const dialog = screen.getByTestId("remove-members-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Remove this member?");
    expect(within(dialog).getByTestId("remove-members-emails").textContent).toBe("user2@example.com");
    expect(operationsNamed(environment, "useDeleteRoleMutation")).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("remove-members-dialog")).toBeNull();
    expect(operationsNamed(environment, "useDeleteRoleMutation")).toEqual([]);
    expect(emails()).toEqual(["user1@example.com", "user2@example.com"]);
  });

  it("follows invitations, role changes and removals live", async () => {
    const environment = renderMembers([member(1), member(2)]);
    await screen.findByTestId("members-table");
    pushRoleEvent(environment, "CREATED", member(3, "SUPPORT"), 3);
    expect(emails()).toEqual(["user1@example.com", "user2@example.com", "user3@example.com"]);
    expect(screen.getByTestId("members-total").textContent).toBe("3 members");
    pushRoleEvent(environment, "UPDATED", member(1, "ADMIN"), 3);
    expect(within(rows()[0]).getByTestId("member-role").textContent).toBe("Admin");
    pushRoleEvent(environment, "DELETED", member(2), 2);
    expect(emails()).toEqual(["user1@example.com", "user3@example.com"]);
    expect(screen.getByTestId("members-total").textContent).toBe("2 members");
  });

  it("asks the server again for the viewer's permissions when their own role changes live", async () => {
    const environment = renderMembers([{ ...member(1, "ADMIN"), id: "role_me", userEmail: MY_EMAIL }], "ADMIN");
    await screen.findByTestId("invite-member");
    pushRoleEvent(environment, "UPDATED", { ...member(1, "GUEST"), id: "role_me", userEmail: MY_EMAIL }, 1);
    const [layout] = operationsNamed(environment, "OrgLayoutQuery");
    act(() => environment.mock.resolve(layout, MockPayloadGenerator.generate(layout, { Org: () => ({ id: ORG_ID, ...viewerFields("GUEST") }) })));
    expect(screen.queryByTestId("invite-member")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
