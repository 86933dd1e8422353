import { Component, Suspense, useEffect, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { graphql, RelayEnvironmentProvider, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { projectEnvironmentsOfSession } from "../../relay/environment";
import { ErrorMessage } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import type { FunctionsPanelQuery } from "../../__generated__/FunctionsPanelQuery.graphql";
import { filesVariables } from "../../files/project/filesVariables";
import { FunctionList } from "./FunctionList";

export const functionsPanelQuery = graphql`
  query FunctionsPanelQuery($count: Int!) {
    ...FunctionList_query @arguments(count: $count)
  }
`;

type FunctionsRef = PreloadedQuery<FunctionsPanelQuery>;

/** The project's cloud functions, read from its own endpoint in the project's Relay environment. */
export function FunctionsPanel(props: { apiId: string }) {
  const [held] = useState(() => projectEnvironmentsOfSession.hold(props.apiId));
  useEffect(() => () => held.release(), [held]);
  return (
    <RelayEnvironmentProvider environment={held.environment}>
      <FunctionsLoader />
    </RelayEnvironmentProvider>
  );
}

function FunctionsLoader() {
  const [queryRef, load] = useQueryLoader<FunctionsPanelQuery>(functionsPanelQuery);
  useEffect(() => {
    if (!queryRef) load(filesVariables, { fetchPolicy: "store-and-network" });
  }, [queryRef, load]);
  if (!queryRef) return <Spinner />;
  return (
    <LoadErrorBoundary onRetry={() => load(filesVariables, { fetchPolicy: "network-only" })}>
      <Suspense fallback={<Spinner />}>
        <FunctionsView queryRef={queryRef} />
      </Suspense>
    </LoadErrorBoundary>
  );
}

function FunctionsView(props: { queryRef: FunctionsRef }) {
  const data = usePreloadedQuery<FunctionsPanelQuery>(functionsPanelQuery, props.queryRef);
  return <FunctionList query={data} />;
}

class LoadErrorBoundary extends Component<{ children: ReactNode; onRetry(): void }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error == null) return this.props.children;
    return (
      <Alert variant="danger" testId="functions-load-error">
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
