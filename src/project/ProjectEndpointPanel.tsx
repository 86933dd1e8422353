import { Component, Suspense, useEffect, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { RelayEnvironmentProvider, usePreloadedQuery, type GraphQLTaggedNode, type PreloadedQuery } from "react-relay/hooks";
import type { OperationType } from "relay-runtime";
import { useQueryEnvironment } from "../relay/queryEnvironment";
import { useReloadRoute } from "../router/useReloadRoute";
import { queryRefKey } from "../relay/queryRefKey";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

interface PanelProps<Q extends OperationType> {
  apiId: string;
  query: GraphQLTaggedNode;
  /** The query the route loaded in parallel with its own (null when it did not load one). */
  queryRef: PreloadedQuery<Q> | null;
  /** Names the load error for tests. */
  errorTestId: string;
  /** `reload` has the route ask the endpoint again, showing what the store holds meanwhile (after a change the store cannot apply itself). */
  children: (data: Q["response"], reload: () => void) => ReactNode;
}

/**
 * A panel whose data lives on the project's own endpoint (files, cloud functions). The route
 * owns its query; the panel renders it in the environment of the query's Relay project, so its
 * lists' mutations and pages go to the same endpoint. A failed load shows its reason, and a retry
 * reloads the route.
 */
export function ProjectEndpointPanel<Q extends OperationType>(props: PanelProps<Q>) {
  const environment = useQueryEnvironment(props.query, { apiId: props.apiId });
  const reload = useReloadRoute();
  const { queryRef } = props;
  // The route left the list out (it did not know the project was live yet): it loads it now.
  useEffect(() => {
    if (!queryRef) reload();
  }, [queryRef, reload]);
  return (
    <RelayEnvironmentProvider environment={environment}>
      {queryRef ? (
        <LoadErrorBoundary key={queryRefKey(queryRef)} testId={props.errorTestId} onRetry={reload}>
          <Suspense fallback={<Spinner />}>
            <View query={props.query} queryRef={queryRef} reload={reload}>
              {props.children}
            </View>
          </Suspense>
        </LoadErrorBoundary>
      ) : (
        <Spinner />
      )}
    </RelayEnvironmentProvider>
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
        {/* The route's reload brings a new reference, and with it a fresh boundary. */}
        <Button onClick={this.props.onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Alert>
    );
  }
}
