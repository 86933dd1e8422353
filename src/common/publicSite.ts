import { FALLBACK_LOCALE, type Locale } from "../domain/locale";

const PUBLIC_SITE = "https://baukasten.dev";

/** Public site pages carry a language suffix unless the locale is the fallback (spec §9). */
export function publicSiteUrl(path: string, locale: Locale) {
  return `${PUBLIC_SITE}${locale === FALLBACK_LOCALE ? "" : `/${locale}`}${path}`;
}
