/** Project (Api) states and the publish-state rules of spec §4. */

/** A loaded API with no state is treated as PUBLISHED. */
export const effectiveState = (state: string | null | undefined): string => state || "PUBLISHED";

/** Every state other than INITIALIZED or IMPORTED counts as published. */
export const isPublished = (state: string | null | undefined) => {
  const s = effectiveState(state);
  return s !== "INITIALIZED" && s !== "IMPORTED";
};

/** An imported project (made elsewhere, spec §4): its tables are not edited here. */
export const isImported = (api: { creationType?: string | null; state?: string | null }) =>
  api.creationType === "IMPORT" || api.state === "IMPORTED";

/** Any value containing the word PUBLISHING means in progress (PUBLISHING_FAILED does not). */
export const isPublishing = (state: string | null | undefined) => {
  const s = effectiveState(state);
  return s.includes("PUBLISHING") && s !== "PUBLISHING_FAILED";
};

export type StatusLabel = "init" | "failed" | "live" | "publishing" | "imported";

/** Status labels: INITIALIZED 'init', PUBLISHING_FAILED 'failed', PUBLISHED 'live'. */
export function statusLabel(state: string | null | undefined): StatusLabel {
  const s = effectiveState(state);
  if (s === "INITIALIZED") return "init";
  if (s === "PUBLISHING_FAILED") return "failed";
  if (s === "IMPORTED") return "imported";
  if (isPublishing(s)) return "publishing";
  return "live";
}
