import type { DisplayContext } from "../fieldKindUi";
import { plainDisplay } from "../plainDisplay";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/*
 * Spec: "Dates, times and timestamps use localized date/time fields". A date or a time has no
 * zone, so it is shown as written (in UTC); an instant is shown in the user's own zone. A value
 * that does not parse is shown as stored.
 */

export function displayDate(value: unknown, { intl }: DisplayContext): string {
  const [, year, month, day] = (typeof value === "string" && DATE.exec(value)) || [];
  if (!year) return plainDisplay(value);
  return intl.formatDate(Date.UTC(Number(year), Number(month) - 1, Number(day)), { dateStyle: "medium", timeZone: "UTC" });
}

export function displayTime(value: unknown, { intl }: DisplayContext): string {
  const [, hours, minutes, seconds] = (typeof value === "string" && TIME.exec(value)) || [];
  if (!hours) return plainDisplay(value);
  return intl.formatTime(Date.UTC(1970, 0, 1, Number(hours), Number(minutes), Number(seconds ?? 0)), { timeStyle: seconds ? "medium" : "short", timeZone: "UTC" });
}

export function displayDateTime(value: unknown, { intl }: DisplayContext): string {
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return plainDisplay(value);
  return intl.formatDate(value, { dateStyle: "medium", timeStyle: "short" });
}

/** Seconds since the epoch, to the second. */
export function displayTimestamp(value: unknown, { intl }: DisplayContext): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return plainDisplay(value);
  return intl.formatDate(value * 1000, { dateStyle: "medium", timeStyle: "medium" });
}
