/**
 * What a refused token refresh does: end the session (session/actions.ts says how). The token
 * module only reports it, so it does not import the session's actions, which load Relay, whose
 * network reads the tokens.
 */
let endSession: () => Promise<void> = async () => undefined;

export function onSessionRevoked(handler: () => Promise<void>) {
  endSession = handler;
}

export function sessionRevoked() {
  return endSession();
}
