import { Component, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { graphql, RelayEnvironmentProvider, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { projectEnvironmentsOfSession } from "../../relay/environment";
import { ApiError } from "../../relay/errors";
import { ErrorMessage } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import type { EntriesPanelQuery } from "../../__generated__/EntriesPanelQuery.graphql";
import { EntriesGrid, type EntriesGridProps } from "./EntriesGrid";

export const entriesPanelQuery = graphql`
  query EntriesPanelQuery($ofType: String!, $filter: String, $sortField: String, $sortOrder: SortOrder!, $count: Int!) {
    ...EntriesGrid_query @arguments(ofType: $ofType, filter: $filter, sortField: $sortField, sortOrder: $sortOrder, count: $count)
  }
`;

export type EntriesVariables = EntriesPanelQuery["variables"];
export type EntriesRef = PreloadedQuery<EntriesPanelQuery>;

const sameVariables = (a: EntriesVariables, b: EntriesVariables) =>
  a.ofType === b.ofType && (a.filter ?? null) === (b.filter ?? null) && (a.sortField ?? null) === (b.sortField ?? null) && a.sortOrder === b.sortOrder && a.count === b.count;

type PanelProps = Omit<EntriesGridProps, "query"> & {
  apiId: string;
  /** The table, sort, filter and page size to show (entriesSearch.ts). */
  variables: EntriesVariables;
  /** The query the data route started with the platform's (null when it did not know the table). */
  initialRef: EntriesRef | null;
  /** What to show when the table is not in the live version (added since the last publish). */
  unpublished: ReactNode;
};

/**
 * A published table's entries, read from the project's own endpoint in the project's Relay
 * environment. The route starts the first query in parallel with the platform's; a change of
 * table, sort, filter or page size loads the next one here.
 */
export function EntriesPanel(props: PanelProps) {
  const environment = useHeldProjectEnvironment(props.apiId);
  return (
    <RelayEnvironmentProvider environment={environment}>
      <EntriesLoader {...props} />
    </RelayEnvironmentProvider>
  );
}

/** The project's environment while the panel is shown (the data route holds it too). */
function useHeldProjectEnvironment(apiId: string) {
  const [held] = useState(() => projectEnvironmentsOfSession.hold(apiId));
  useEffect(() => () => held.release(), [held]);
  return held.environment;
}

function EntriesLoader(props: PanelProps) {
  const { ofType, filter, sortField, sortOrder, count } = props.variables;
  const wanted = useMemo<EntriesVariables>(() => ({ ofType, filter, sortField, sortOrder, count }), [ofType, filter, sortField, sortOrder, count]);
  const initial = props.initialRef && sameVariables(props.initialRef.variables as EntriesVariables, wanted) ? props.initialRef : null;
  const [queryRef, loadEntries] = useQueryLoader<EntriesPanelQuery>(entriesPanelQuery, initial);
  const current = queryRef && sameVariables(queryRef.variables, wanted) ? queryRef : null;
  useEffect(() => {
    if (!current) loadEntries(wanted, { fetchPolicy: "store-and-network" });
  }, [current, wanted, loadEntries]);
  const retry = () => loadEntries(wanted, { fetchPolicy: "network-only" });
  if (!current) return <Spinner />;
  return (
    <EntriesErrorBoundary key={JSON.stringify(wanted)} unpublished={props.unpublished} onRetry={retry}>
      <Suspense fallback={<Spinner />}>
        <EntriesView {...props} queryRef={current} />
      </Suspense>
    </EntriesErrorBoundary>
  );
}

function EntriesView({ queryRef, ...props }: PanelProps & { queryRef: EntriesRef }) {
  const data = usePreloadedQuery<EntriesPanelQuery>(entriesPanelQuery, queryRef);
  return <EntriesGrid {...props} query={data} />;
}

/** A table missing from the live version shows as unpublished; other failures can be retried. */
class EntriesErrorBoundary extends Component<{ children: ReactNode; unpublished: ReactNode; onRetry(): void }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error == null) return this.props.children;
    if (error instanceof ApiError && error.messageId === "error_type_unknown") return this.props.unpublished;
    return (
      <Alert variant="danger" testId="entries-load-error">
        <ErrorMessage error={error} />{" "}
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
