import en from "../locales/en.json";
import de from "../locales/de.json";
import type { Locale } from "../src/domain/locale";

export function messagesFor(locale: Locale): Record<string, string> {
  return locale === "de" ? de : en;
}
