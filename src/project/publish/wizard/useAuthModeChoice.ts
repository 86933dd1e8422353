import { useState } from "react";
import type { AuthMode, mutationsSaveAuthModeMutation } from "../../../__generated__/mutationsSaveAuthModeMutation.graphql";
import { isPublished } from "../../../domain/apiState";
import { oidcProblems, parseOidc, validateAuth, type AuthProblem } from "../../../domain/project";
import { useMutate } from "../../../relay/mutate";
import type { AuthChoice } from "./AuthModeChoice";
import { saveAuthModeMutation } from "./mutations";

/**
 * Step 1's user authentication method: preselected from the project, checked with the domain's
 * validateAuth (the rule updateApi refuses with), saved with updateApi only while the project is
 * unpublished (spec §2 'Once published, the user authentication method is read-only').
 */
export function useAuthModeChoice(api: { id: string; defaultAuthMode: string; oidc: string | null | undefined; state: string }) {
  const stored = parseOidc(api.oidc);
  const [choice, setChoice] = useState<AuthChoice>({
    mode: api.defaultAuthMode,
    clientId: stored?.clientId ?? "",
    issuerUrl: stored?.issuerUrl ?? "",
  });
  // Field errors appear after the first refused Continue, then follow the typing.
  const [checked, setChecked] = useState(false);
  const [commit, saving] = useMutate<mutationsSaveAuthModeMutation>(saveAuthModeMutation);
  const readOnly = isPublished(api.state);
  const oidc = choice.mode === "aws_oidc" ? { clientId: choice.clientId.trim(), issuerUrl: choice.issuerUrl.trim() } : null;
  const problems = checked && !readOnly && oidc ? oidcProblems(oidc) : null;

  /** The domain's refusal of the current choice, or null; a published project's choice is not checked. */
  const check = (): AuthProblem | null => {
    if (readOnly) return null;
    const problem = validateAuth(choice.mode, oidc);
    setChecked(problem !== null);
    return problem;
  };

  const save = async () => {
    if (readOnly) return;
    await commit({ input: { id: api.id, defaultAuthMode: choice.mode as AuthMode, oidc: oidc ? JSON.stringify(oidc) : null } });
  };

  return { choice, setChoice, problems, readOnly, check, save, saving };
}
