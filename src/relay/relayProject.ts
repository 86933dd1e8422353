import { projectEndpointOperations } from "../__generated__/relayProjects";

/** relay.config.json's two compiler projects: the platform's API and a project's own endpoint. */
export type RelayProject = "platform" | "project";

/**
 * The endpoint an operation was compiled against. The compiler knows it (scripts/relay.mjs writes
 * the table), so a screen never has to say which environment its query belongs in.
 */
export function relayProjectOf(operationName: string): RelayProject {
  return projectEndpointOperations.has(operationName) ? "project" : "platform";
}

/** An operation sent to the other project's endpoint would be refused as unknown there, or worse, answered by a same-named field. */
export function wrongEnvironment(operationName: string, environment: RelayProject) {
  return new Error(`${operationName} belongs to the ${relayProjectOf(operationName)} endpoint, not the ${environment} environment`);
}
