import type { ComponentType } from "react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import type { MockResolvers } from "relay-test-utils/lib/RelayMockPayloadGenerator";
import type { OperationDescriptor } from "relay-runtime";
import { renderScreen } from "./renderScreen";

export type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/**
 * Renders a screen or a fragment's component at `path` (memory router, English) inside the
 * test's mock Relay environment, where it answers, fails or inspects the operations.
 */
export function renderWithRelay(Screen: ComponentType, environment: MockEnvironment, path: string, entry = path) {
  return renderScreen(Screen, path, entry, (children) => (
    <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
  ));
}

/** Answers the next operation sent with MockPayloadGenerator data, shaped per type by `resolvers`. */
export function answerNext(environment: MockEnvironment, resolvers: MockResolvers) {
  environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, resolvers));
}

/** The pending operations of one name, oldest first. */
export function operationsNamed(environment: MockEnvironment, name: string): OperationDescriptor[] {
  return environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === name);
}
