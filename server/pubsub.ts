import { createPubSub } from "graphql-yoga";

/**
 * In-process fan-out for subscriptions. Topics carry the org or object id, so a subscriber
 * only hears about what it asked for.
 */
export function createPlatformPubSub() {
  return createPubSub<{
    "role:changed": [orgId: string, event: { change: "CREATED" | "UPDATED" | "DELETED"; orgId: string; role: unknown }];
  }>();
}

export type PubSub = ReturnType<typeof createPlatformPubSub>;
