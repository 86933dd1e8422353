import { describe, expect, it } from "vitest";
import { createResumePoint } from "../../../src/relay/resumePoint";

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
});
