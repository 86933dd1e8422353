import { Environment, RecordSource, Store, type IEnvironment } from "relay-runtime";
import { createNetwork, type EndpointAuth } from "./network";

/** A project's own GraphQL endpoint, served by the platform (spec §3 "the project's API"). */
export const projectEndpoint = (apiId: string) => `/p/${encodeURIComponent(apiId)}/graphql`;

export type EnvironmentFactory = (apiId: string) => IEnvironment;

interface Entry {
  environment: IEnvironment;
  holders: number;
}

/**
 * One Relay environment per project — its own network to the project's endpoint and its own
 * store — created when the first route holds it and dropped when the last route lets go, so a
 * project's records never mix with the platform's or another project's.
 */
export function projectEnvironments(create: EnvironmentFactory) {
  const entries = new Map<string, Entry>();
  return {
    hold(apiId: string) {
      let entry = entries.get(apiId);
      if (!entry) entries.set(apiId, (entry = { environment: create(apiId), holders: 0 }));
      entry.holders++;
      let released = false;
      return {
        environment: entry.environment,
        release() {
          if (released) return;
          released = true;
          const current = entries.get(apiId);
          if (current && --current.holders === 0) entries.delete(apiId);
        },
      };
    },
    /** The environments alive now (for sign-out and tests). */
    held: () => [...entries.keys()],
    clear: () => entries.clear(),
  };
}

/** A project's environment talking to its endpoint with the given credentials. */
export function createProjectEnvironment(apiId: string, auth: EndpointAuth): IEnvironment {
  return new Environment({
    network: createNetwork(projectEndpoint(apiId), auth, "project"),
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 10 }),
  });
}
