import { Component, Suspense, useEffect, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { graphql, RelayEnvironmentProvider, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { projectEnvironmentsOfSession } from "../../relay/environment";
import { ErrorMessage } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import type { FilesPanelQuery } from "../../__generated__/FilesPanelQuery.graphql";
import { FileList } from "./FileList";
import { filesVariables } from "./filesVariables";

export const filesPanelQuery = graphql`
  query FilesPanelQuery($count: Int!) {
    ...FileList_query @arguments(count: $count)
  }
`;

type FilesRef = PreloadedQuery<FilesPanelQuery>;

/** The project's files, read from its own endpoint in the project's Relay environment. */
export function FilesPanel(props: { apiId: string }) {
  const [held] = useState(() => projectEnvironmentsOfSession.hold(props.apiId));
  useEffect(() => () => held.release(), [held]);
  return (
    <RelayEnvironmentProvider environment={held.environment}>
      <FilesLoader />
    </RelayEnvironmentProvider>
  );
}

function FilesLoader() {
  const [queryRef, load] = useQueryLoader<FilesPanelQuery>(filesPanelQuery);
  useEffect(() => {
    if (!queryRef) load(filesVariables, { fetchPolicy: "store-and-network" });
  }, [queryRef, load]);
  if (!queryRef) return <Spinner />;
  return (
    <FilesErrorBoundary onRetry={() => load(filesVariables, { fetchPolicy: "network-only" })}>
      <Suspense fallback={<Spinner />}>
        <FilesView queryRef={queryRef} />
      </Suspense>
    </FilesErrorBoundary>
  );
}

function FilesView(props: { queryRef: FilesRef }) {
  const data = usePreloadedQuery<FilesPanelQuery>(filesPanelQuery, props.queryRef);
  return <FileList query={data} />;
}

/** A failed load shows its reason and can be retried. */
class FilesErrorBoundary extends Component<{ children: ReactNode; onRetry(): void }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error == null) return this.props.children;
    return (
      <Alert variant="danger" testId="files-load-error">
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
