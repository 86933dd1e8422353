/** Workspace rules shared by the console and the server (spec §5, §8). */
export const ORG_NAME_MAX_LENGTH = 255;

/** Returns the spec's message key when the name is refused. */
export function validateOrgName(name: string): "error_org_requires_name" | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > ORG_NAME_MAX_LENGTH ? "error_org_requires_name" : null;
}
