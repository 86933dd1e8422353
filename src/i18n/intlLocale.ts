import type { IntlShape } from "react-intl";
import { FALLBACK_LOCALE, toLocale, type Locale } from "../domain/locale";

/** The locale the field types read and write numbers in: the one the messages are shown in. */
export const intlLocale = (intl: Pick<IntlShape, "locale">): Locale => toLocale(intl.locale) ?? FALLBACK_LOCALE;
