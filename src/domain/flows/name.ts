/** Spec §5: flow names are 3 to 255 characters (the minimum checked on submit, the maximum live). */
export const FLOW_NAME_MIN = 3;
export const FLOW_NAME_MAX = 255;

export type FlowNameProblem = "error_flow_name_min_length" | "error_flow_name_max_length";

/** The maximum alone: what the form shows while the user types. */
export function flowNameLiveProblem(name: string): FlowNameProblem | null {
  return name.trim().length > FLOW_NAME_MAX ? "error_flow_name_max_length" : null;
}

/** Both bounds: what submitting (and the server) checks. */
export function flowNameProblem(name: string): FlowNameProblem | null {
  const length = name.trim().length;
  if (length < FLOW_NAME_MIN) return "error_flow_name_min_length";
  return flowNameLiveProblem(name);
}
