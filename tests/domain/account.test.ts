import { describe, expect, it } from "vitest";
import { isValidCode, isValidEmail, isValidPassword, passwordProblems, sanitizeEmail } from "../../src/domain/account";

describe("email", () => {
  it("keeps only letters, digits and . @ _ + -, lowercased and trimmed", () => {
    expect(sanitizeEmail("  Jane.Doe+Test@Example.COM ")).toBe("jane.doe+test@example.com");
    expect(sanitizeEmail("ja ne\"<x>@ex!ample.de")).toBe("janex@example.de");
  });
  it("cuts the input at 254 characters", () => {
    expect(sanitizeEmail(`${"a".repeat(300)}@example.com`)).toHaveLength(254);
  });
  it.each(["a@b.de", "first.last+tag@sub.example.com"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", "a@b", "@example.com", "a@@example.com", "a b@example.com", `${"a".repeat(250)}@example.com`])(
    "refuses %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe("password policy", () => {
  it("accepts 8 characters with lowercase, uppercase and a digit", () => {
    expect(isValidPassword("Abcdefg1")).toBe(true);
  });
  it("names every rule a password misses", () => {
    expect(passwordProblems("abc")).toEqual(["length", "uppercase", "digit"]);
    expect(passwordProblems("ABCDEFGH1")).toEqual(["lowercase"]);
    expect(passwordProblems("Abcdefgh")).toEqual(["digit"]);
    expect(passwordProblems("Abc1")).toEqual(["length"]);
  });
});

describe("verification code", () => {
  it("is exactly six digits", () => {
    expect(isValidCode("123456")).toBe(true);
    expect(isValidCode("12345")).toBe(false);
    expect(isValidCode("1234567")).toBe(false);
    expect(isValidCode("12a456")).toBe(false);
  });
});
