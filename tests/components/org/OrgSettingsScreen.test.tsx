import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import OrgSettingsScreen from "../../../src/org/settings/OrgSettingsScreen";
import OrgSettingsScreenQuery, { type OrgSettingsScreenQuery as Query } from "../../../src/__generated__/OrgSettingsScreenQuery.graphql";
import { ApiError } from "../../../src/relay/errors";
import type { RoleType } from "../../../src/domain/permissions";
import { ORG_ID, signInAs, signOutAfterTest, viewerFields } from "./orgTestKit";
import { operationsNamed, renderWithRelay } from "../renderWithRelay";

afterEach(() => {
  cleanup();
  signOutAfterTest();
});

function renderSettings(as: RoleType = "OWNER") {
  signInAs(as);
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(OrgSettingsScreenQuery, { orgId: ORG_ID });
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Org: () => ({
        id: ORG_ID,
        name: "Acme",
        website: "https://acme.example",
        dataProcessingCategories: JSON.stringify({ dataCategories: "names", subjectCategories: "customers" }),
        billingAccount: { id: "bill_1", paymentProviderId: "" },
        ...viewerFields(as),
      }),
    }),
  );
  const queryRef = loadQuery<Query>(environment, OrgSettingsScreenQuery, { orgId: ORG_ID });
  renderWithRelay(() => <OrgSettingsScreen queryRef={queryRef} />, environment, "/org/$orgId/settings", `/org/${ORG_ID}/settings`);
  return environment;
}

describe("workspace settings", () => {
  it("shows the account id read-only and Save/Cancel only once something changed", async () => {
    const environment = renderSettings();
    await screen.findByTestId("org-settings-screen");
    expect((screen.getByLabelText("Account ID") as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText("Categories of data") as HTMLTextAreaElement).value).toBe("names");
    expect(screen.queryByTestId("save-settings")).toBeNull();
    fireEvent.change(screen.getByLabelText("Categories of data subjects"), { target: { value: "customers, staff" } });
    fireEvent.click(screen.getByTestId("save-settings"));
    const [update] = operationsNamed(environment, "useUpdateOrgMutation");
    expect(update.request.variables.input).toEqual({
      id: ORG_ID,
      name: "Acme",
      website: "https://acme.example",
      dataProcessingCategories: JSON.stringify({ dataCategories: "names", subjectCategories: "customers, staff" }),
    });
    await act(async () => {
      environment.mock.reject(update, new ApiError("You are not allowed to do this.", "error_forbidden", "FORBIDDEN"));
    });
    expect(screen.getByTestId("error-alert").textContent).toBe("You are not allowed to do this.");
    fireEvent.click(screen.getByTestId("cancel-settings"));
    expect((screen.getByLabelText("Categories of data subjects") as HTMLTextAreaElement).value).toBe("customers");
    expect(screen.queryByTestId("save-settings")).toBeNull();
  });

  it("checks the website as the server does and saves nothing until it is a URL", async () => {
    const environment = renderSettings();
    const website = (await screen.findByLabelText("Website")) as HTMLInputElement;
    expect(website.value).toBe("https://acme.example");
    fireEvent.change(website, { target: { value: "acme.example" } });
    expect(screen.getByText("Please enter a valid website address, e.g. https://example.com.")).toBeTruthy();
    expect((screen.getByTestId("save-settings") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(website, { target: { value: "https://shop.acme.example " } });
    fireEvent.click(screen.getByTestId("save-settings"));
    const [update] = operationsNamed(environment, "useUpdateOrgMutation");
    expect(update.request.variables.input.website).toBe("https://shop.acme.example");
  });

  it("is read-only without manage-org and hides the danger zone", async () => {
    renderSettings("ADMIN");
    await screen.findByTestId("org-settings-screen");
    expect((screen.getByLabelText("Workspace name") as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText("Workspace name"), { target: { value: "Other" } });
    expect(screen.queryByTestId("save-settings")).toBeNull();
    expect(screen.queryByTestId("danger-zone")).toBeNull();
  });

  it("deletes only after the workspace name is typed", async () => {
    const environment = renderSettings();
    await screen.findByTestId("org-settings-screen");
    fireEvent.click(screen.getByTestId("delete-workspace"));
    fireEvent.change(screen.getByLabelText("Workspace name to confirm"), { target: { value: "acme" } });
    fireEvent.click(screen.getByTestId("confirm-delete-workspace"));
    expect(screen.getByText("You need to enter the workspace name to confirm deletion.")).toBeTruthy();
    expect(operationsNamed(environment, "useDeleteOrgMutation")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Workspace name to confirm"), { target: { value: " Acme " } });
    fireEvent.click(screen.getByTestId("confirm-delete-workspace"));
    const [remove] = operationsNamed(environment, "useDeleteOrgMutation");
    expect(remove.request.variables.input).toEqual({ id: ORG_ID, confirmName: " Acme ", billingAccountId: "bill_1" });
  });
});
