import { useIntl } from "react-intl";

/** Binary steps with the short symbols people read on file sizes in English and German alike. */
const UNITS = [
  { symbol: "B", size: 1 },
  { symbol: "KB", size: 1024 },
  { symbol: "MB", size: 1024 * 1024 },
  { symbol: "GB", size: 1024 * 1024 * 1024 },
] as const;

/**
 * A file's size in the largest unit that keeps it at 1 or more: the number in the user's
 * locale ("1.5 MB", "1,5 MB"), the unit as a symbol, not Intl's "byte"/"kB", joined by a
 * no-break space so the two never part.
 */
export function FileSize(props: { bytes: number }) {
  const intl = useIntl();
  const { symbol, size } = [...UNITS].reverse().find((candidate) => props.bytes >= candidate.size) ?? UNITS[0];
  const number = intl.formatNumber(props.bytes / size, { maximumFractionDigits: symbol === "B" ? 0 : 1 });
  return <span className="file-size">{`${number}\u00a0${symbol}`}</span>;
}
