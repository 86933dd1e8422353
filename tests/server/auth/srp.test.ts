// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { computeVerifier, isValidTimestamp, k, modPow, N, padHex, passwordMatches } from "../../../server/auth/srp";

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

  it("raises to a power mod N as plain square-and-multiply does, also for bases OpenSSL refuses", () => {
    const slow = (base: bigint, exponent: bigint) => {
      let result = 1n;
      let b = base % N;
      for (let e = exponent; e > 0n; e >>= 1n) {
        if (e & 1n) result = (result * b) % N;
        b = (b * b) % N;
      }
      return result;
    };
    const exponent = (1n << 255n) + 12345678901234567890n;
    for (const base of [0n, 1n, 2n, 3n, N - 2n, N - 1n, N, N + 7n, (N * 3n) / 7n]) {
      expect(modPow(base, exponent, N)).toBe(slow(base, exponent));
      expect(modPow(base, 0n, N)).toBe(1n);
    }
    expect(modPow(5n, 3n, 7n)).toBe(6n);
  });

  it("accepts the library's timestamp format only, day not zero-padded", () => {
    expect(isValidTimestamp("Fri Sep 5 07:03:09 UTC 2025")).toBe(true);
    expect(isValidTimestamp("Fri Sep 05 07:03:09 UTC 2025")).toBe(false);
    expect(isValidTimestamp("2025-09-05T07:03:09Z")).toBe(false);
  });
});
