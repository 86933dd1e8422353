import type { IntlShape } from "react-intl";
import { entryInputKind, entryText } from "../../domain/entryInput";
import { intlLocale } from "../../i18n/intlLocale";
import { isSystemField, type Field } from "../../domain/model";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A stored value as the user reads it: dates, times, date-times and timestamps in the user's
 * locale (spec: "Dates, times and timestamps use localized date/time fields"), anything else
 * as text. A date or a time has no zone, so it is shown as written (in UTC); an instant is shown
 * in the user's own zone. A value that does not parse is shown as stored.
 */
export function displayValue(intl: IntlShape, field: Field, value: unknown): string {
  if (value === null || value === undefined) return "";
  // createdAt and updatedAt are instants the server writes, typed String in the model (docs/DECISIONS.md).
  const kind = isSystemField(field) && (field.name === "createdAt" || field.name === "updatedAt") ? "datetime" : entryInputKind(field);
  if (kind === "date" && typeof value === "string") {
    const [, year, month, day] = DATE.exec(value) ?? [];
    if (year) return intl.formatDate(Date.UTC(Number(year), Number(month) - 1, Number(day)), { dateStyle: "medium", timeZone: "UTC" });
  }
  if (kind === "time" && typeof value === "string") {
    const [, hours, minutes, seconds] = TIME.exec(value) ?? [];
    if (hours) return intl.formatTime(Date.UTC(1970, 0, 1, Number(hours), Number(minutes), Number(seconds ?? 0)), { timeStyle: seconds ? "medium" : "short", timeZone: "UTC" });
  }
  if (kind === "datetime" && typeof value === "string" && !Number.isNaN(Date.parse(value))) {
    return intl.formatDate(value, { dateStyle: "medium", timeStyle: "short" });
  }
  if (kind === "timestamp" && typeof value === "number" && Number.isFinite(value)) {
    return intl.formatDate(value * 1000, { dateStyle: "medium", timeStyle: "medium" });
  }
  // Numbers and lists are written as the field type types them, in the user's locale (3,5 in German).
  if (kind === "integer" || kind === "number" || kind === "list") return entryText(field, value, intlLocale(intl));
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
