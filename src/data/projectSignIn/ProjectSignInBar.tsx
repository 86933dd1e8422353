import { FormattedMessage } from "react-intl";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { openProjectSignIn, signOutProjectUser, useProjectSignIn } from "../../relay/projectSignIns";
import type { ProjectPool } from "../../session/projectCognitoClient";
import { ProjectSignInDialog } from "./ProjectSignInDialog";
import "./ProjectSignIn.css";

/**
 * On a project with its own user pool: who the data explorer acts as. Signed in, it names the
 * project user and offers Sign out (which clears the token); otherwise it offers the sign-in
 * modal. authFailed (spec §4, §8) shows until a sign-in succeeds.
 */
export function ProjectSignInBar(props: { apiId: string; pool: ProjectPool }) {
  const state = useProjectSignIn(props.apiId);
  return (
    <div className="project-sign-in-bar" data-testid="project-sign-in-bar">
      {state.session ? (
        <>
          <span data-testid="project-signed-in-as">
            <FormattedMessage id="data.projectSignIn.signedInAs" values={{ email: state.session.email }} />
          </span>
          <Button onClick={() => signOutProjectUser(props.apiId)} data-testid="project-sign-out">
            <FormattedMessage id="data.projectSignIn.signOut" />
          </Button>
        </>
      ) : (
        <Button onClick={() => openProjectSignIn(props.apiId)} data-testid="project-sign-in">
          <FormattedMessage id="data.projectSignIn.open" />
        </Button>
      )}
      {state.authFailed && (
        <Alert variant="danger" testId="project-auth-failed">
          <FormattedMessage id="data.projectSignIn.authFailed" />
        </Alert>
      )}
      {state.modalOpen && <ProjectSignInDialog apiId={props.apiId} pool={props.pool} />}
    </div>
  );
}
