import { getEventListeners, setMaxListeners } from "node:events";
import { createPubSub } from "graphql-yoga";
import type { SchemaPrompt } from "./prompts/store";
import type { Api } from "./project/store";
import type { RoleEvent } from "./graphql/mappers";
import type { FlowRunEvent } from "./changes/topics";
import type { FunctionLogRow } from "./functions/logs";

/**
 * A credential stopped standing for its holder, told once it is committed: sign-ins ended
 * (RevokeToken), every sign-in of a user ended or the user changed or was deleted (GlobalSignOut,
 * a password reset, an email change, a deleted project user), API keys deleted, or a key's
 * expiry moved. Subs, session ids and key ids are random UUIDs, so one topic serves every pool.
 */
export type CredentialChange =
  | { kind: "sessionsEnded"; sessionIds: string[] }
  | { kind: "userChanged"; sub: string }
  | { kind: "apiKeysDeleted"; apiKeyIds: string[] }
  | { kind: "apiKeyExpiry"; apiKeyId: string; expiresAt: number };

/**
 * In-process fan-out for subscriptions. Topics carry the org or object id, so a subscriber
 * only hears about what it asked for. The topics of the change log ("role:changed",
 * "api:updated") are fed by this server's change follower, whoever wrote them.
 */
export function createPlatformPubSub() {
  const target = new EventTarget();
  // Each subscriber is a listener on its topic: eleven on one workspace or project are no leak.
  setMaxListeners(0, target);
  const pubsub = createPubSub<{
    "role:changed": [orgId: string, event: RoleEvent];
    /** An AI schema prompt reached DONE or FAILED (server/prompts); fed by the change follower. */
    "schemaPrompt:updated": [promptId: string, prompt: SchemaPrompt];
    /** A project's state moved (publishing, server/publishing); onUpdateApi streams it. */
    "api:updated": [apiId: string, api: Api];
    /** A project's entries were written, so it has new activities (the console's Logs screen refetches); fed by the change follower. */
    "activities:recorded": [apiId: string, projectId: string];
    /** A flow's run changed status or logged a step (server/flows/engine.ts, through the change log); onFlowRun streams it. */
    "flow:run": [flowId: string, event: FlowRunEvent];
    /** A cloud function's invocation was recorded (topic id `<apiId>:<key>`): its log list on the Cloud functions screen shows it live. */
    "functionLog:recorded": [functionId: string, log: FunctionLogRow];
    /** Open project sockets close with the credential they were opened with (projectEndpoint/realtime/socketWatch.ts). */
    "credential:changed": [change: CredentialChange];
  }>({ eventTarget: target as never });
  let announce = () => {};
  let credentialChanged = (change: CredentialChange) => pubsub.publish("credential:changed", change);
  return Object.assign(pubsub, {
    /** How many subscribers a topic ("role:changed:<orgId>") has now: what a closed subscription must give back. */
    listenerCount: (topic: string) => getEventListeners(target, topic).length,
    /**
     * Role changes, project states and entry events are not published here directly: the write
     * appends them to the change log (server/changes) and calls this after its commit, and every
     * server's follower publishes them to its own subscribers.
     */
    changesCommitted: () => announce(),
    /** A credential ended (told once committed): this server's open sockets close, and every server's when they share the database. */
    credentialChanged: (change: CredentialChange) => credentialChanged(change),
    followChanges(wake: () => void, options: { credentialChanged?: (change: CredentialChange) => void } = {}) {
      announce = wake;
      if (options.credentialChanged) credentialChanged = options.credentialChanged;
    },
  });
}

export type PubSub = ReturnType<typeof createPlatformPubSub>;
