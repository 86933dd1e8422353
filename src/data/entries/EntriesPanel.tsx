import { Component, Suspense, useEffect, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { graphql, RelayEnvironmentProvider, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { useQueryEnvironment } from "../../relay/queryEnvironment";
import { queryRefKey } from "../../relay/queryRefKey";
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

/** The same list: table, filter and sort (the page size is the grid's, which refetches its pages). */
const sameList = (a: EntriesVariables, b: EntriesVariables) =>
  a.ofType === b.ofType && (a.filter ?? null) === (b.filter ?? null) && (a.sortField ?? null) === (b.sortField ?? null) && a.sortOrder === b.sortOrder;

type PanelProps = Omit<EntriesGridProps, "query"> & {
  apiId: string;
  /** The table, sort and filter shown (entriesSearch.ts). */
  variables: EntriesVariables;
  /** The entries query the data route loaded (null when it did not know the table). */
  queryRef: EntriesRef | null;
  /** Asks the route for the shown list, when its query is for another one or none. */
  onStale(): void;
  /** Loads the shown list again (the route's reload). */
  onRetry(): void;
  /** What to show when the table is not in the live version (added since the last publish). */
  unpublished: ReactNode;
};

/**
 * A published table's entries, read from the project's own endpoint in the environment of the
 * query's Relay project. The data route owns the query: it loads it with the screen's, and again
 * when the table, sort or filter in the URL changes; the panel shows the one that fits.
 */
export function EntriesPanel({ queryRef, onStale, onRetry, ...props }: PanelProps) {
  const environment = useQueryEnvironment(entriesPanelQuery, { apiId: props.apiId });
  const current = queryRef && sameList(queryRef.variables, props.variables) ? queryRef : null;
  useEffect(() => {
    if (!current) onStale();
  }, [current, onStale]);
  return (
    <RelayEnvironmentProvider environment={environment}>
      {current ? (
        <EntriesErrorBoundary key={queryRefKey(current)} unpublished={props.unpublished} onRetry={onRetry}>
          <Suspense fallback={<Spinner />}>
            <EntriesView {...props} queryRef={current} />
          </Suspense>
        </EntriesErrorBoundary>
      ) : (
        <Spinner />
      )}
    </RelayEnvironmentProvider>
  );
}

function EntriesView({ queryRef, ...props }: Omit<PanelProps, "onStale" | "onRetry"> & { queryRef: EntriesRef }) {
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
        {/* The route's reload brings a new reference, and with it a fresh boundary. */}
        <Button onClick={this.props.onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Alert>
    );
  }
}
