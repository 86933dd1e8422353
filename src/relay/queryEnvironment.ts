import { useEffect, useState } from "react";
import { getRequest, type ConcreteRequest, type GraphQLTaggedNode } from "relay-runtime";
import { platformEnvironment, projectEnvironmentsOfSession } from "./environment";
import { relayProjectOf } from "./relayProject";
import type { HeldEnvironment } from "./heldEnvironment";

/** What a project-endpoint query needs beside its variables: whose endpoint (its variables do not name the project). */
export interface QueryScope {
  apiId?: string;
}

/**
 * The environment a query runs in, chosen by the Relay project it was compiled in: the
 * platform's for the platform's API, the project's own (held until released) for a project's
 * endpoint. A project query without a project is a programming error, refused at once.
 */
export function heldEnvironmentFor(query: ConcreteRequest, scope: QueryScope = {}): HeldEnvironment {
  const name = query.params.name;
  if (relayProjectOf(name) === "platform") return { environment: platformEnvironment(), release: () => undefined };
  if (!scope.apiId) throw new Error(`${name} runs on a project's endpoint: name the project (apiId)`);
  return projectEnvironmentsOfSession.hold(scope.apiId);
}

/** heldEnvironmentFor() while a component is shown: held on mount, released on unmount. */
export function useQueryEnvironment(query: GraphQLTaggedNode, scope: QueryScope) {
  const [held] = useState(() => heldEnvironmentFor(getRequest(query), scope));
  useEffect(() => () => held.release(), [held]);
  return held.environment;
}
