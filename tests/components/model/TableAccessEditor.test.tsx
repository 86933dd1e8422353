import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderModelScreen, sentModel, shopModel } from "./renderModelScreen";

afterEach(cleanup);

const box = (operation: string, column: string) => screen.getByTestId(`access-${operation}-${column}`) as HTMLInputElement;

async function openAccess(defaultAuthMode: string) {
  const view = renderModelScreen(shopModel(), { defaultAuthMode });
  await screen.findByTestId("type-editor");
  fireEvent.click(within(screen.getByTestId("type-tabs")).getByRole("tab", { name: "Access" }));
  await screen.findByTestId("table-access");
  return view;
}

describe("the table access editor (spec §6 'Table access', §4 'Public read implies group. Owner is always selected and disabled.')", () => {
  it("shows the disclaimer and, per operation, the owner always selected and disabled", async () => {
    await openAccess("aws_oidc");
    expect(screen.getByTestId("permissions-disclaimer").textContent).toMatch(/Permissions decide who may read and change/);
    for (const operation of ["read", "create", "update", "delete"]) {
      expect(box(operation, "owner").checked).toBe(true);
      expect(box(operation, "owner").disabled).toBe(true);
      expect(box(operation, "public").disabled).toBe(false);
    }
    expect(screen.getByRole("checkbox", { name: "Public: Query" })).toBe(box("read", "public"));
  });

  it("checks and locks group read when public read is turned on, and saves the access with the declaration", async () => {
    const { environment } = await openAccess("aws_cognito_user_pools");
    fireEvent.click(box("read", "public"));
    expect(box("read", "group").checked).toBe(true);
    expect(box("read", "group").disabled).toBe(true);
    fireEvent.change(screen.getByTestId("access-groups"), { target: { value: "editors, admins" } });
    fireEvent.click(box("update", "group"));
    fireEvent.click(box("delete", "public"));
    await act(async () => fireEvent.click(screen.getByTestId("model-save")));
    const saved = sentModel(environment.mock.getMostRecentOperation()).objectTypes[0];
    expect(saved.directives).toEqual(
      expect.arrayContaining([
        { name: "publicRead" },
        { name: "publicDelete" },
        { name: "group", args: { groups: ["editors", "admins"], operations: ["read", "update"] } },
      ]),
    );
    expect(saved.directives).toHaveLength(3);
  });

  it("keeps a trailing comma while typing group names", async () => {
    await openAccess("aws_oidc");
    const groups = screen.getByTestId("access-groups") as HTMLInputElement;
    fireEvent.change(groups, { target: { value: "editors," } });
    expect(groups.value).toBe("editors,");
  });

  it("offers no editing with API key auth and says why", async () => {
    await openAccess("aws_api_key");
    expect(screen.getByTestId("permissions-auth-hint").textContent).toMatch(/only be edited when the project signs in its users/);
    expect(box("read", "public").disabled).toBe(true);
    expect(box("update", "group").disabled).toBe(true);
    expect((screen.getByTestId("access-groups") as HTMLInputElement).disabled).toBe(true);
  });
});
