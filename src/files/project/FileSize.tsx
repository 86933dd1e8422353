import { FormattedNumber } from "react-intl";

const UNITS = [
  { unit: "byte", size: 1 },
  { unit: "kilobyte", size: 1024 },
  { unit: "megabyte", size: 1024 * 1024 },
  { unit: "gigabyte", size: 1024 * 1024 * 1024 },
] as const;

/** A file's size in the largest unit that keeps it at 1 or more, in the user's language. */
export function FileSize(props: { bytes: number }) {
  const { unit, size } = [...UNITS].reverse().find((candidate) => props.bytes >= candidate.size) ?? UNITS[0];
  return <FormattedNumber value={props.bytes / size} style="unit" unit={unit} unitDisplay="short" maximumFractionDigits={unit === "byte" ? 0 : 1} />;
}
