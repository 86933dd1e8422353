import { FALLBACK_LOCALE, toLocale, type Locale } from "../domain/locale";
import { readStored, writeStored } from "../storage";
import en from "../../locales/en.json";

export type Messages = Record<string, string>;

/** Language from the `lang` query, then the stored preference, then the browser, then en. */
export function detectLocale(): Locale {
  const fromQuery = toLocale(new URLSearchParams(window.location.search).get("lang"));
  if (fromQuery) {
    writeStored("user-language", fromQuery);
    return fromQuery;
  }
  return (
    toLocale(readStored<string>("user-language")) ??
    navigator.languages.map((tag) => toLocale(tag)).find(Boolean) ??
    FALLBACK_LOCALE
  );
}

/** English ships with the first page; German loads on demand. Missing keys fall back to en. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === "en") return en;
  const de = (await import("../../locales/de.json")).default as Messages;
  return { ...en, ...de };
}
