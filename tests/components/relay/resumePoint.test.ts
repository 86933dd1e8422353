import { describe, expect, it } from "vitest";
import { createResumePoint, RESYNC_CLOSE_CODE } from "../../../src/relay/resumePoint";
import { RESYNC_CLOSE_CODE as SERVER_RESYNC_CLOSE_CODE } from "../../../server/changes/resume";

describe("the console's resume point for subscriptions", () => {
  it("sends the highest sequence heard when a broken socket connects again", () => {
    const point = createResumePoint();
    expect(point.params()).toEqual({});
    point.heard({ extensions: { sequence: 7 } });
    point.heard({ extensions: { sequence: 5 } });
    point.heard({ data: {} } as never);
    point.closed(1006);
    expect(point.params()).toEqual({ lastSequence: 7 });
  });

  it("forgets it when the socket closed normally: a later subscription starts from now", () => {
    const point = createResumePoint();
    point.heard({ extensions: { sequence: 7 } });
    point.closed(1000);
    expect(point.params()).toEqual({});
  });

  it("ignores a sequence that is no whole number", () => {
    const point = createResumePoint();
    point.heard({ extensions: { sequence: "7" } });
    point.heard({ extensions: { sequence: 1.5 } });
    expect(point.params()).toEqual({});
  });

  it("forgets it when the server can no longer replay from it, and says once, when connected again, that the data must be reloaded", () => {
    expect(RESYNC_CLOSE_CODE).toBe(SERVER_RESYNC_CLOSE_CODE);
    const point = createResumePoint();
    point.heard({ extensions: { sequence: 7 } });
    expect(point.connected()).toBe(false);
    point.closed(RESYNC_CLOSE_CODE);
    expect(point.params()).toEqual({});
    expect(point.connected()).toBe(true);
    expect(point.connected()).toBe(false);
  });
});
