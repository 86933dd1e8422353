import { entryText } from "../domain/entryInput";
import { intlLocale } from "../i18n/intlLocale";
import type { DisplayContext } from "./fieldKindUi";

/** A value shown as its field type types it in the user's locale (3,5 in German), so it can be typed back. */
export const entryDisplay = (value: unknown, { intl, field }: DisplayContext): string => entryText(field, value, intlLocale(intl));
