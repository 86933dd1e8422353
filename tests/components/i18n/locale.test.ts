import { afterEach, describe, expect, it, vi } from "vitest";
import { detectLocale } from "../../../src/i18n/locale";
import { clearStored, readStored, STORAGE_PREFIX, writeStored } from "../../../src/storage";

function at(search: string, languages: string[]) {
  window.history.replaceState(null, "", `/login${search}`);
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("interface language", () => {
  it("takes the lang query first and remembers it", () => {
    writeStored("user-language", "en");
    at("?lang=de", ["en-US"]);
    expect(detectLocale()).toBe("de");
    expect(readStored("user-language")).toBe("de");
  });
  it("then the stored preference", () => {
    writeStored("user-language", "de");
    at("", ["en-US"]);
    expect(detectLocale()).toBe("de");
  });
  it("then the browser language", () => {
    at("", ["fr-FR", "de-AT"]);
    expect(detectLocale()).toBe("de");
  });
  it("then English", () => {
    at("?lang=xx", ["fr-FR"]);
    expect(detectLocale()).toBe("en");
  });
});

describe("local storage", () => {
  it("prefixes every key with the product name", () => {
    writeStored("active-org", "org_1");
    expect(localStorage.getItem(`${STORAGE_PREFIX}active-org`)).toBe('"org_1"');
  });
  it("keeps the theme when cleared", () => {
    writeStored("active-theme", "dark");
    writeStored("active-org", "org_1");
    clearStored();
    expect(readStored("active-theme")).toBe("dark");
    expect(readStored("active-org")).toBeUndefined();
  });
});
