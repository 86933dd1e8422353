/**
 * An estimate as people say it: two significant digits ("about 2,000" for 1,987, "about 140"
 * for 137). A planner's estimate is rarely exact, so more digits would claim a precision it has not.
 */
export function aboutCount(estimate: number): number {
  if (estimate < 100) return Math.round(estimate);
  const step = 10 ** (Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / step) * step;
}
