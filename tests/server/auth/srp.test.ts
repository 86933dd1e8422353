// @vitest-environment node
import { describe, expect, it } from "vitest";
import { computeVerifier, isValidTimestamp, k, padHex, passwordMatches } from "../../../server/auth/srp";

describe("SRP helpers", () => {
  it("derives k from padHex(N) ‖ padHex(g) as the library does", () => {
    expect(k.toString(16)).toBe("538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6");
  });

  it("pads hex to even length and prefixes 00 when the top bit is set", () => {
    expect(padHex(0x14n)).toBe("14");
    expect(padHex(0xecn)).toBe("00ec");
    expect(padHex(0xabcn)).toBe("0abc");
    expect(padHex(0x8abcn)).toBe("008abc");
  });

  it("recognises the password behind a verifier and nothing else", () => {
    const salt = "00ff11ee22dd33cc44bb55aa66997788";
    const verifier = computeVerifier("baukasten", "3f2c0f4e-8d1a-4c55-9a53-3c1f6f0b2e11", "Correct2024x", salt);
    const matches = (password: string) =>
      passwordMatches("baukasten", "3f2c0f4e-8d1a-4c55-9a53-3c1f6f0b2e11", password, salt, verifier);
    expect(matches("Correct2024x")).toBe(true);
    expect(matches("correct2024x")).toBe(false);
  });

  it("accepts the library's timestamp format only, day not zero-padded", () => {
    expect(isValidTimestamp("Fri Sep 5 07:03:09 UTC 2025")).toBe(true);
    expect(isValidTimestamp("Fri Sep 05 07:03:09 UTC 2025")).toBe(false);
    expect(isValidTimestamp("2025-09-05T07:03:09Z")).toBe(false);
  });
});
