import { Component, Suspense, useEffect, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { RelayEnvironmentProvider, usePreloadedQuery, useQueryLoader, type GraphQLTaggedNode, type PreloadedQuery } from "react-relay";
import type { OperationType } from "relay-runtime";
import { projectEnvironmentsOfSession } from "../relay/environment";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

interface PanelProps<Q extends OperationType> {
  apiId: string;
  query: GraphQLTaggedNode;
  variables: Q["variables"];
  /** The first load, started by the route in parallel with its own query; without it the panel loads itself. */
  initialRef?: PreloadedQuery<Q> | null;
  /** Names the load error for tests. */
  errorTestId: string;
  /** `reload` asks the endpoint again, showing what the store holds meanwhile (after a change the store cannot apply itself). */
  children: (data: Q["response"], reload: () => void) => ReactNode;
}

/**
 * A panel whose data lives on the project's own endpoint (files, cloud functions): its query
 * runs in the project's Relay environment (the route's preloaded reference, else started once
 * the screen knows the project is live); a failed load shows its reason and can be retried.
 */
export function ProjectEndpointPanel<Q extends OperationType>(props: PanelProps<Q>) {
  const [held] = useState(() => projectEnvironmentsOfSession.hold(props.apiId));
  useEffect(() => () => held.release(), [held]);
  return (
    <RelayEnvironmentProvider environment={held.environment}>
      <Loader {...props} />
    </RelayEnvironmentProvider>
  );
}

function Loader<Q extends OperationType>(props: PanelProps<Q>) {
  const [queryRef, load] = useQueryLoader<Q>(props.query, props.initialRef);
  const { variables } = props;
  useEffect(() => {
    if (!queryRef) load(variables, { fetchPolicy: "store-and-network" });
  }, [queryRef, load, variables]);
  if (!queryRef) return <Spinner />;
  return (
    <LoadErrorBoundary testId={props.errorTestId} onRetry={() => load(variables, { fetchPolicy: "network-only" })}>
      <Suspense fallback={<Spinner />}>
        <View query={props.query} queryRef={queryRef} reload={() => load(variables, { fetchPolicy: "store-and-network" })}>
          {props.children}
        </View>
      </Suspense>
    </LoadErrorBoundary>
  );
}

function View<Q extends OperationType>(props: { query: GraphQLTaggedNode; queryRef: PreloadedQuery<Q>; reload(): void; children: (data: Q["response"], reload: () => void) => ReactNode }) {
  return props.children(usePreloadedQuery<Q>(props.query, props.queryRef), props.reload);
}

class LoadErrorBoundary extends Component<{ children: ReactNode; testId: string; onRetry(): void }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error == null) return this.props.children;
    return (
      <Alert variant="danger" testId={this.props.testId}>
        <ErrorMessage error={this.state.error} />{" "}
        <Button
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          <FormattedMessage id="common.retry" />
        </Button>
      </Alert>
    );
  }
}
