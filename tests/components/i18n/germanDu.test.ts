import { describe, expect, it } from "vitest";
import de from "../../../locales/de.json";
import en from "../../../locales/en.json";

const german = Object.entries(de as Record<string, string>);

describe("German texts say 'du' and name every role in German", () => {
  it("no text addresses the user formally ('Sie', 'Ihnen', 'Ihr…' as a form of address)", () => {
    // "Sie" in the middle of a sentence is the formal "you" (the plural "they" is written "sie").
    const formal = german.filter(([, text]) => /(?<![.!?:]\s|^)\bSie\b|\bIhnen\b|\bIhre?[mnrs]?\b/.test(text));
    expect(formal).toEqual([]);
  });

  it("every role the members table and the invite form show is translated (Admin and Superuser stay as they are)", () => {
    const roles = Object.keys(en).filter((key) => key.startsWith("org.role."));
    const untranslated = roles.filter((key) => (de as Record<string, string>)[key] === (en as Record<string, string>)[key] && !["org.role.ADMIN", "org.role.SUPERUSER"].includes(key));
    expect(untranslated).toEqual([]);
    expect((de as Record<string, string>)["org.role.OWNER"]).toBe("Inhaber");
  });
});
