import { createPubSub } from "graphql-yoga";
import type { SchemaPrompt } from "./prompts/store";
import type { Api } from "./api/store";
import type { RoleEvent } from "./graphql/mappers";

/**
 * In-process fan-out for subscriptions. Topics carry the org or object id, so a subscriber
 * only hears about what it asked for.
 */
export function createPlatformPubSub() {
  return createPubSub<{
    "role:changed": [orgId: string, event: RoleEvent];
    /** An AI schema prompt reached DONE or FAILED (server/prompts). */
    "schemaPrompt:updated": [promptId: string, prompt: SchemaPrompt];
    /** A project's state moved (publishing, server/publishing); onUpdateApi streams it. */
    "api:updated": [apiId: string, api: Api];
  }>();
}

export type PubSub = ReturnType<typeof createPlatformPubSub>;
