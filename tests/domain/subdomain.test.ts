import { describe, expect, it } from "vitest";
import { sanitizeSubdomain } from "../../src/domain/subdomain";

// Spec §5: "Subdomain: trimmed, lowercased, spaces to dashes, the rest stripped."
describe("the subdomain cleaner", () => {
  it("trims, lowercases and turns spaces into dashes", () => {
    expect(sanitizeSubdomain("  My Shop  ")).toBe("my-shop");
    expect(sanitizeSubdomain("ACME Dog Walkers")).toBe("acme-dog-walkers");
    expect(sanitizeSubdomain("a  b")).toBe("a--b");
  });

  it("strips everything but letters, digits and dashes", () => {
    expect(sanitizeSubdomain("shop_2024.example!")).toBe("shop2024example");
    expect(sanitizeSubdomain("a/b?c=d#e")).toBe("abcde");
    expect(sanitizeSubdomain("x-ray\tteam")).toBe("x-rayteam");
    expect(sanitizeSubdomain("日本")).toBe("");
  });

  it("spells out German letters and drops accents instead of losing the letter", () => {
    expect(sanitizeSubdomain("Café Müller")).toBe("cafe-mueller");
    expect(sanitizeSubdomain("Straße")).toBe("strasse");
  });

  it("keeps an already clean subdomain as it is", () => {
    expect(sanitizeSubdomain("dog-walkers-42")).toBe("dog-walkers-42");
  });
});
