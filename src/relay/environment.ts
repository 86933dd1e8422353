import { Environment, RecordSource, Store } from "relay-runtime";
import { createNetwork, type EndpointAuth } from "./network";
import { createProjectEnvironment, projectEnvironments } from "./projectEnvironments";
import { getSession, isSignedIn } from "../session/sessionState";
import { currentAccessToken, refreshAccessToken } from "../session/tokens";
import { notifySessionExpired } from "../session/expiry";
import { clearProjectSignIns, projectUserAuth } from "./projectSignIns";

const signedInAuth: EndpointAuth = {
  token: currentAccessToken,
  refresh: refreshAccessToken,
  orgId: () => getSession().activeOrgId,
  // Only a signed-in user can lose a session; calls racing a sign-out just fail.
  onSessionExpired: () => {
    if (isSignedIn(getSession())) notifySessionExpired();
  },
};

function createPlatformEnvironment() {
  return new Environment({
    network: createNetwork("/graphql", signedInAuth, "platform"),
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 20 }),
  });
}

/** Project environments, held by the routes that show a project's own data; a project user signed in to its pool replaces the member. */
export const projectEnvironmentsOfSession = projectEnvironments((apiId) => createProjectEnvironment(apiId, projectUserAuth(apiId, signedInAuth)));

let environment = createPlatformEnvironment();

/** The platform environment. Route loaders and the provider both read it from here. */
export function platformEnvironment() {
  return environment;
}

/** Sign-out starts from an empty store, so nothing of the previous user stays in memory. */
export function resetPlatformEnvironment() {
  projectEnvironmentsOfSession.clear();
  clearProjectSignIns();
  environment = createPlatformEnvironment();
  return environment;
}
