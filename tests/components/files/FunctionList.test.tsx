import { afterEach, describe, expect, it, vi } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import en from "../../../locales/en.json";
import { FunctionList } from "../../../src/functions/project/FunctionList";
import { functionsPanelQuery } from "../../../src/functions/project/FunctionsPanel";
import type { FunctionsPanelQuery } from "../../../src/__generated__/FunctionsPanelQuery.graphql";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

afterEach(cleanup);

function Functions() {
  const data = useLazyLoadQuery<FunctionsPanelQuery>(functionsPanelQuery, { count: 100 });
  return <FunctionList query={data} />;
}

function renderFunctions(environment: MockEnvironment, admin: boolean, editor = true) {
  render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <Functions />
        </Suspense>
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
  const [query] = operationsNamed(environment, "FunctionsPanelQuery");
  act(() =>
    environment.mock.resolve(
      query,
      MockPayloadGenerator.generate(query, {
        Query: () => ({ viewerCanUploadFiles: editor, viewerCanDeleteFiles: admin, viewerCanExportFunctions: editor }),
        CloudFunctionConnection: () => ({
          edges: [
            { node: { id: "fn1", key: "hello.mjs", runtime: "nodejs18.x", size: 300, updatedAt: "2026-01-01T10:00:00.000Z" }, cursor: "c1" },
            { node: { id: "fn2", key: "report.py", runtime: "python3.10", size: 200, updatedAt: "2026-01-01T11:00:00.000Z" }, cursor: "c2" },
          ],
          pageInfo: { hasNextPage: false },
        }),
      }),
    ),
  );
}

describe("spec §2 'Cloud functions: a toolbar with upload, delete and export, and a selectable table'", () => {
  it("deletes the selected functions after confirmation; only admins see delete (spec §6)", async () => {
    const environment = createMockEnvironment();
    renderFunctions(environment, true);
    expect(await screen.findAllByTestId("function-row")).toHaveLength(2);
    expect(screen.getByTestId("functions-delete").hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByLabelText("Select report.py"));
    fireEvent.click(screen.getByTestId("functions-delete"));
    expect(screen.getByTestId("functions-delete-dialog").textContent).toContain("These will be deleted for good: report.py.");
    fireEvent.click(screen.getByTestId("confirm"));
    const [deletion] = operationsNamed(environment, "FunctionListDeleteMutation");
    expect(deletion.request.variables.input).toEqual([{ id: "fn2" }]);
    act(() => environment.mock.resolve(deletion, { data: { batchDeleteCloudFunction: [{ id: "fn2" }] } }));
    await waitFor(() => expect(screen.getAllByTestId("function-row")).toHaveLength(1));

    cleanup();
    renderFunctions(createMockEnvironment(), false);
    expect(await screen.findAllByTestId("function-row")).toHaveLength(2);
    expect(screen.queryByTestId("functions-delete")).toBeNull();
  });

  it("'The upload dialog accepts js, mjs, cjs, py and rb files': others show 'Invalid file format.'; a good one goes up as a private ZIP", async () => {
    const environment = createMockEnvironment();
    renderFunctions(environment, true);
    fireEvent.click(await screen.findByTestId("functions-upload"));
    const dialog = screen.getByTestId("function-upload-dialog");
    expect(within(dialog).getByTestId("function-file").getAttribute("accept")).toBe(".js,.mjs,.cjs,.py,.rb");
    fireEvent.change(within(dialog).getByTestId("function-file"), { target: { files: [new File(["echo"], "run.sh", { type: "text/x-sh" })] } });
    expect(within(dialog).getByRole("alert").textContent).toBe("Invalid file format.");
    expect(within(dialog).getByTestId("function-upload-submit").hasAttribute("disabled")).toBe(true);

    fireEvent.change(within(dialog).getByTestId("function-file"), { target: { files: [new File(["puts 1"], "my job.rb", { type: "text/x-ruby" })] } });
    expect(within(dialog).getByTestId("function-chosen").textContent).toBe("my job.rb (runtime ruby3.2)");
    fireEvent.click(within(dialog).getByTestId("function-upload-submit"));
    await waitFor(() => expect(operationsNamed(environment, "UploadFunctionDialogMutation")).toHaveLength(1));
    const [upload] = operationsNamed(environment, "UploadFunctionDialogMutation");
    expect(upload.request.variables.input).toEqual({
      key: "my_job.rb",
      mimeType: "text/x-ruby",
      accessControl: "private",
      archiveFormat: "ZIP",
      body: btoa("puts 1"),
      isCloudFunction: true,
    });
    act(() => environment.mock.resolve(upload, { data: { uploadInlineFile: { cloudFunction: { id: "fn3", key: "my_job.rb", runtime: "ruby3.2", size: 150, updatedAt: "2026-01-02T10:00:00.000Z" } } } }));
    await waitFor(() => expect(screen.queryByTestId("function-upload-dialog")).toBeNull());
    expect(screen.getAllByTestId("function-row")[0].textContent).toContain("my_job.rb");
  });

  it("'export' downloads the one selected function's code from the address the server signs; readers see no export", async () => {
    const environment = createMockEnvironment();
    renderFunctions(environment, false);
    await screen.findAllByTestId("function-row");
    const exportButton = screen.getByTestId("functions-export");
    expect(exportButton.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Select one function to export its code.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Select hello.mjs"));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.href).toBe("http://localhost/p/a/functions/hello.mjs?access=signed");
      expect(this.download).toBe("hello.mjs.zip");
    });
    try {
      fireEvent.click(exportButton);
      const [asked] = operationsNamed(environment, "FunctionListExportQuery");
      expect(asked.request.variables).toEqual({ id: "fn1" });
      act(() => environment.mock.resolve(asked, { data: { exportCloudFunction: { url: "http://localhost/p/a/functions/hello.mjs?access=signed", fileName: "hello.mjs.zip" } } }));
      await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    } finally {
      clicks.mockRestore();
    }
    // Two selected: one export at a time.
    fireEvent.click(screen.getByLabelText("Select report.py"));
    expect(exportButton.hasAttribute("disabled")).toBe(true);

    cleanup();
    renderFunctions(createMockEnvironment(), false, false);
    await screen.findAllByTestId("function-row");
    expect(screen.queryByTestId("functions-export")).toBeNull();
    expect(screen.queryByTestId("functions-upload")).toBeNull();
  });

  it("an upload under an existing name replaces that function: it is listed once, where it was (the list is by creation)", async () => {
    const environment = createMockEnvironment();
    renderFunctions(environment, true);
    fireEvent.click(await screen.findByTestId("functions-upload"));
    fireEvent.change(screen.getByTestId("function-file"), { target: { files: [new File(["print(2)"], "report.py", { type: "text/x-python" })] } });
    fireEvent.click(screen.getByTestId("function-upload-submit"));
    await waitFor(() => expect(operationsNamed(environment, "UploadFunctionDialogMutation")).toHaveLength(1));
    const [upload] = operationsNamed(environment, "UploadFunctionDialogMutation");
    act(() => environment.mock.resolve(upload, { data: { uploadInlineFile: { cloudFunction: { id: "fn2", key: "report.py", runtime: "python3.10", size: 210, updatedAt: "2026-01-03T10:00:00.000Z" } } } }));
    await waitFor(() => expect(screen.queryByTestId("function-upload-dialog")).toBeNull());
    const rows = screen.getAllByTestId("function-row");
    expect(rows.map((row) => row.textContent?.includes("report.py"))).toEqual([false, true]);
    expect(rows[1].textContent).toContain("210\u00a0B");
  });

  it("a refused export shows its reason", async () => {
    const environment = createMockEnvironment();
    renderFunctions(environment, false);
    fireEvent.click(await screen.findByLabelText("Select report.py"));
    fireEvent.click(screen.getByTestId("functions-export"));
    const [asked] = operationsNamed(environment, "FunctionListExportQuery");
    act(() => environment.mock.resolve(asked, { data: { exportCloudFunction: null } }));
    expect((await screen.findByTestId("functions-export-error")).textContent).toBe("Object not found.");
  });

  it("selects all functions with the header's checkbox, and none with a second press", async () => {
    renderFunctions(createMockEnvironment(), true);
    await screen.findAllByTestId("function-row");
    const all = screen.getByRole("checkbox", { name: "Select all functions" });
    fireEvent.click(screen.getByLabelText("Select hello.mjs"));
    expect(all).toHaveProperty("indeterminate", true);
    fireEvent.click(all);
    expect(screen.getByTestId("functions-delete").textContent).toBe("Delete 2 functions");
    fireEvent.click(all);
    expect(screen.getByTestId("functions-delete").hasAttribute("disabled")).toBe(true);
  });

  it("'Pasting supported files opens the dialog'", async () => {
    renderFunctions(createMockEnvironment(), true);
    await screen.findAllByTestId("function-row");
    const paste = (file: File) => {
      const event = new Event("paste") as Event & { clipboardData: unknown };
      event.clipboardData = { files: [file] };
      act(() => void window.dispatchEvent(event));
    };
    paste(new File(["x"], "notes.txt"));
    expect(screen.queryByTestId("function-upload-dialog")).toBeNull();
    paste(new File(["x"], "handler.cjs"));
    expect(screen.getByTestId("function-chosen").textContent).toBe("handler.cjs (runtime nodejs18.x)");
  });
});
