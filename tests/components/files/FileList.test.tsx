import { afterEach, describe, expect, it, vi } from "vitest";
import { Suspense } from "react";
import { IntlProvider } from "react-intl";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import en from "../../../locales/en.json";
import { FileList } from "../../../src/files/project/FileList";
import { filesPanelQuery } from "../../../src/files/project/FilesPanel";
import type { FilesPanelQuery } from "../../../src/__generated__/FilesPanelQuery.graphql";
import { operationsNamed, type MockEnvironment } from "../renderWithRelay";

// The PUT goes to the server's signed URL; here it reports half, then all of the bytes.
const putFile = vi.hoisted(() => vi.fn(async (_url: string, _file: Blob, _type: string, onProgress: (fraction: number) => void) => {
  onProgress(0.5);
  onProgress(1);
}));
vi.mock("../../../src/files/project/putFile", () => ({ putFile }));

afterEach(() => {
  cleanup();
  putFile.mockClear();
});

function Files() {
  const data = useLazyLoadQuery<FilesPanelQuery>(filesPanelQuery, { count: 100 });
  return <FileList query={data} />;
}

function renderFiles(environment: MockEnvironment) {
  return render(
    <IntlProvider locale="en" messages={en}>
      <RelayEnvironmentProvider environment={environment}>
        <Suspense fallback="loading">
          <Files />
        </Suspense>
      </RelayEnvironmentProvider>
    </IntlProvider>,
  );
}

const REPORT = { id: "f1", name: "report.pdf", mimeType: "application/pdf", url: "http://localhost/p/a/files/report.pdf", accessControl: "public", size: 2048, createdAt: "2026-01-01T10:00:00.000Z" };

function answerList(environment: MockEnvironment, options: { files: (typeof REPORT)[]; admin: boolean; hasNextPage?: boolean }) {
  const [query] = operationsNamed(environment, "FilesPanelQuery");
  act(() =>
    environment.mock.resolve(
      query,
      MockPayloadGenerator.generate(query, {
        Query: () => ({ viewerCanUploadFiles: true, viewerCanDeleteFiles: options.admin }),
        FileDocumentConnection: () => ({ edges: options.files.map((node) => ({ node, cursor: node.id })), pageInfo: { hasNextPage: options.hasNextPage ?? false, endCursor: "c1" } }),
      }),
    ),
  );
}

describe("spec §2 'Files: a file explorer with drag/drop upload, delete and load more'", () => {
  it("lists name, type, size and date, with the name as the download link", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [REPORT], admin: false });
    const row = await screen.findByTestId("file-row");
    expect(within(row).getByRole("link", { name: "report.pdf" }).getAttribute("href")).toBe(REPORT.url);
    expect(row.textContent).toContain("application/pdf");
    expect(within(row).getByTestId("file-access").textContent).toBe("Public");
    // B/KB/MB, not Intl's "byte" and "kB".
    expect(row.textContent).toContain("2\u00a0KB");
    expect(row.textContent).toContain("2026");
    // Spec §6 'Deleting … files requires admin': no delete for others.
    expect(screen.queryByTestId("file-delete")).toBeNull();
  });

  it("says when there are no files yet, and offers more only when there is a next page", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [], admin: true });
    expect(await screen.findByText("No files yet.")).toBeTruthy();
    expect(screen.queryByTestId("files-load-more")).toBeNull();

    cleanup();
    const paged = createMockEnvironment();
    renderFiles(paged);
    answerList(paged, { files: [REPORT], admin: true, hasNextPage: true });
    fireEvent.click(await screen.findByTestId("files-load-more"));
    const [next] = operationsNamed(paged, "FileListPaginationQuery");
    expect(next.request.variables).toMatchObject({ count: 100, cursor: "c1" });
  });

  it("deletes a file only after confirmation; Cancel does nothing (spec §6)", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [REPORT], admin: true });
    fireEvent.click(await screen.findByRole("button", { name: "Delete report.pdf" }));
    fireEvent.click(within(screen.getByTestId("file-delete-dialog")).getByText("Cancel"));
    expect(operationsNamed(environment, "FileListDeleteMutation")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete report.pdf" }));
    expect(screen.getByTestId("file-delete-dialog").textContent).toContain("'report.pdf' will be deleted for good");
    fireEvent.click(screen.getByTestId("confirm"));
    const [deletion] = operationsNamed(environment, "FileListDeleteMutation");
    expect(deletion.request.variables.input).toEqual([{ id: "f1" }]);
    act(() => environment.mock.resolve(deletion, { data: { batchDeleteFileDocument: [{ id: "f1" }] } }));
    await waitFor(() => expect(screen.queryByTestId("file-row")).toBeNull());
  });

  it("uploads several files at once: an intent each, the PUT, then one batch create; a refused file shows its own error", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [], admin: true });
    const photo = new File(["png"], "my photo.png", { type: "image/png" });
    const notes = new File(["text"], "notes.txt", { type: "text/plain" });
    fireEvent.change(await screen.findByTestId("files-input"), { target: { files: [photo, notes] } });

    const intents = operationsNamed(environment, "useUploadFilesIntentMutation");
    expect(intents.map((operation) => operation.request.variables.input)).toEqual([
      // Spec §5 'characters other than letters, digits, slash and dot become underscores'.
      // Safe by default: files are private unless the user makes them public.
      { key: "my_photo.png", mimeType: "image/png", accessControl: "private" },
      { key: "notes.txt", mimeType: "text/plain", accessControl: "private" },
    ]);
    // Spec §9 'Upload progress: starts at 10'.
    expect(screen.getByLabelText("Uploading my photo.png").getAttribute("value")).toBe("10");
    act(() => {
      environment.mock.resolve(intents[0], { data: { uploadFileIntent: { key: "my_photo.png", mimeType: "image/png", uploadUrl: "http://localhost/put", maxBytes: 1000 } } });
      environment.mock.reject(intents[1], Object.assign(new Error("Too many uploads in this project. Please try again in an hour."), {}));
    });
    await waitFor(() => expect(operationsNamed(environment, "useUploadFilesCreateMutation")).toHaveLength(1));
    expect(putFile).toHaveBeenCalledWith("http://localhost/put", photo, "image/png", expect.any(Function));
    const [create] = operationsNamed(environment, "useUploadFilesCreateMutation");
    expect(create.request.variables.input).toEqual([{ key: "my_photo.png", name: "my photo.png", mimeType: "image/png", accessControl: "private" }]);
    expect(screen.getByRole("alert").textContent).toContain("Too many uploads");
    // Spec §9 '90 before batch create'.
    expect(screen.getByLabelText("Uploading my photo.png").getAttribute("value")).toBe("90");

    act(() =>
      environment.mock.resolve(create, {
        data: { batchCreateFileDocument: [{ id: "f2", key: "my_photo.png", name: "my photo.png", mimeType: "image/png", url: "http://localhost/p/a/files/my_photo.png?access=t", accessControl: "private", size: 3, createdAt: "2026-01-02T10:00:00.000Z" }] },
      }),
    );
    const row = await screen.findByTestId("file-row");
    expect(within(row).getByRole("link", { name: "my photo.png" })).toBeTruthy();
    expect(within(row).getByTestId("file-access").textContent).toBe("Private");
    // The stored file is in the list now, so its finished bar goes; the refused one keeps its error.
    await waitFor(() => expect(screen.queryByLabelText("Uploading my photo.png")).toBeNull());
    expect(screen.getAllByTestId("file-upload").map((item) => item.querySelector(".files-upload-name")?.textContent)).toEqual(["notes.txt"]);
  });

  it("sizes read B, KB and MB, with the number in the user's locale", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, {
      files: [
        { ...REPORT, id: "f1", name: "a.txt", size: 198 },
        { ...REPORT, id: "f2", name: "b.txt", size: 1536 },
        { ...REPORT, id: "f3", name: "c.txt", size: 1.5 * 1024 * 1024 },
      ],
      admin: false,
    });
    await screen.findAllByTestId("file-row");
    expect([...document.querySelectorAll(".file-size")].map((size) => size.textContent)).toEqual(["198\u00a0B", "1.5\u00a0KB", "1.5\u00a0MB"]);
  });

  it("spec §3 'Access control: PRIVATE, PUBLIC': files dropped after choosing Public go up as public files", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [], admin: true });
    const choice = await screen.findByRole("group", { name: "Who may open the uploaded files" });
    expect(within(choice).getByRole("radio", { name: "Private: members and callers of the project" })).toHaveProperty("checked", true);
    fireEvent.click(within(choice).getByRole("radio", { name: "Public: anyone with the link" }));
    const logo = new File(["svg"], "logo.svg", { type: "image/svg+xml" });
    const zone = screen.getByTestId("files-dropzone");
    fireEvent.dragOver(zone, { dataTransfer: { files: [logo] } });
    expect(zone.className).toContain("files-dropzone-active");
    fireEvent.drop(zone, { dataTransfer: { files: [logo] } });
    const [intent] = operationsNamed(environment, "useUploadFilesIntentMutation");
    expect(intent.request.variables.input).toEqual({ key: "logo.svg", mimeType: "image/svg+xml", accessControl: "public" });
    act(() => environment.mock.resolve(intent, { data: { uploadFileIntent: { key: "logo.svg", mimeType: "image/svg+xml", uploadUrl: "http://localhost/put", maxBytes: 1000 } } }));
    await waitFor(() => expect(operationsNamed(environment, "useUploadFilesCreateMutation")).toHaveLength(1));
    expect(operationsNamed(environment, "useUploadFilesCreateMutation")[0].request.variables.input).toEqual([{ key: "logo.svg", name: "logo.svg", mimeType: "image/svg+xml", accessControl: "public" }]);
  });

  it("refuses a file larger than the upload URL takes before sending it ('File is too large.')", async () => {
    const environment = createMockEnvironment();
    renderFiles(environment);
    answerList(environment, { files: [], admin: true });
    fireEvent.change(await screen.findByTestId("files-input"), { target: { files: [new File(["0123456789"], "big.bin", { type: "application/octet-stream" })] } });
    const [intent] = operationsNamed(environment, "useUploadFilesIntentMutation");
    act(() => environment.mock.resolve(intent, { data: { uploadFileIntent: { key: "big.bin", mimeType: "application/octet-stream", uploadUrl: "http://localhost/put", maxBytes: 5 } } }));
    expect((await screen.findByRole("alert")).textContent).toBe("File is too large.");
    expect(putFile).not.toHaveBeenCalled();
  });
});
