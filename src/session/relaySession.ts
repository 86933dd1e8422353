/** What the session needs of Relay, in one module the session loads on demand. */
export { platformEnvironment, resetPlatformEnvironment } from "../relay/environment";
export { closeSubscriptions } from "../relay/network";
export { loadRoles, recordSignIn } from "./sessionRoles";
