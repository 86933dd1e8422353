import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadCsv } from "../../../src/data/csv/csvApi";

/** An XMLHttpRequest that sends nothing: the test plays the upload's progress and the answer. */
class FakeRequest {
  static last: FakeRequest;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  headers: Record<string, string> = {};
  url = "";
  status = 0;
  responseText = "";
  sent: unknown = null;
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("the CSV upload ('the file is uploaded (with an upload progress bar)')", () => {
  it("reports the share of the file sent, and the server's import when it answers", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const fractions: number[] = [];
    const file = new File(["title\nLamp\n"], "items.csv", { type: "text/csv" });
    const done = uploadCsv({ apiId: "api1", table: "Item", file, optIn: ["colour"], uploadKey: "k1", onProgress: (fraction) => fractions.push(fraction) });
    await vi.waitFor(() => expect(FakeRequest.last?.sent).toBe(file));
    const request = FakeRequest.last;
    expect(request.url).toBe("/p/api1/imports?table=Item&fileName=items.csv&optIn=colour");
    expect(request.headers["idempotency-key"]).toBe("k1");

    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    expect(fractions).toEqual([0.25, 1]);

    request.status = 202;
    request.responseText = JSON.stringify({ import: { id: "imp1", status: "RUNNING" } });
    request.onload?.();
    await expect(done).resolves.toMatchObject({ id: "imp1", status: "RUNNING" });
  });
});
