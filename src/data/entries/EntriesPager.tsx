import { useEffect, useState } from "react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import type { EntriesPagerCountQuery } from "../../__generated__/EntriesPagerCountQuery.graphql";
import { ErrorMessage } from "../../common/ErrorMessage";
import { Announced } from "../../ui/LiveRegion";
import { aboutCount } from "./aboutCount";
import "../../ui/Pagination.css";

/** Spec §9: "Generic table pagination: sizes 50 and 100, default 100". */
export const PAGE_SIZES = [50, 100] as const;

const countQuery = graphql`
  query EntriesPagerCountQuery($ofType: String!, $filter: String) {
    listTypes(ofType: $ofType, filter: $filter, first: 1) {
      exactCount {
        count
        more
      }
    }
  }
`;

type Total = { kind: "counting" } | { kind: "counted"; count: number; more: boolean } | { kind: "failed"; error: unknown };

/**
 * The pager under the grid: rows per page, how many rows are loaded out of about how many (the
 * database's estimate, nothing counted; the exact number on demand) and "Load N more".
 */
export function EntriesPager(props: {
  table: string;
  filter: string | null;
  loaded: number;
  /** The planner's estimate of the list's entries on all pages (null when it gave none). */
  estimate: number | null | undefined;
  hasNext: boolean;
  loadingNext: boolean;
  pageSize: number;
  onPageSize(size: number): void;
  onLoadMore(): void;
  children?: React.ReactNode;
}) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const [total, setTotal] = useState<Total | null>(null);
  // Another table or filter has another total.
  useEffect(() => setTotal(null), [props.table, props.filter]);

  const count = () => {
    setTotal({ kind: "counting" });
    fetchQuery<EntriesPagerCountQuery>(environment, countQuery, { ofType: props.table, filter: props.filter }, { fetchPolicy: "network-only" }).subscribe({
      next: (data) => setTotal({ kind: "counted", count: data.listTypes.exactCount?.count ?? 0, more: data.listTypes.exactCount?.more ?? false }),
      error: (error: unknown) => setTotal({ kind: "failed", error }),
    });
  };

  // With every row loaded the loaded count is the total; an estimate below what is loaded is stale.
  const estimate = props.hasNext && props.estimate != null && props.estimate > props.loaded ? props.estimate : null;

  return (
    <nav className="pagination entries-pagination" aria-label={intl.formatMessage({ id: "common.pagination" })} data-testid="entries-pagination">
      <label className="pagination-size">
        <span>
          <FormattedMessage id="common.pagination.rowsPerPage" />
        </span>
        <select value={props.pageSize} onChange={(event) => props.onPageSize(Number(event.target.value))} data-testid="page-size">
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="pagination-page" data-testid="rows-loaded">
        <FormattedMessage id="data.entries.loaded" values={{ count: props.loaded }} />
      </span>
      {props.hasNext && total?.kind === "counted" && (
        <Announced announceKey={total.count} className="pagination-page" testId="rows-total">
          {total.more ? (
            <FormattedMessage id="data.entries.totalMore" values={{ total: total.count }} />
          ) : (
            <FormattedMessage id="data.entries.totalExact" values={{ total: total.count }} />
          )}
        </Announced>
      )}
      {props.hasNext && total?.kind !== "counted" && estimate !== null && (
        <span className="pagination-page" data-testid="rows-total" title={intl.formatMessage({ id: "data.entries.estimateHint" })}>
          <FormattedMessage id="data.entries.totalAbout" values={{ total: <FormattedNumber value={aboutCount(estimate)} /> }} />
        </span>
      )}
      {props.hasNext && total?.kind !== "counted" && (
        <button type="button" className="btn btn-link" disabled={total?.kind === "counting"} aria-busy={total?.kind === "counting" || undefined} onClick={count} data-testid="count-exactly">
          <FormattedMessage id="data.entries.countExactly" />
        </button>
      )}
      {total?.kind === "failed" && (
        <span className="field-error" role="alert" data-testid="count-error">
          <ErrorMessage error={total.error} />
        </span>
      )}
      {props.children}
      <button type="button" className="btn" disabled={!props.hasNext || props.loadingNext} aria-busy={props.loadingNext || undefined} onClick={props.onLoadMore} data-testid="load-more">
        <FormattedMessage id="data.entries.loadMore" values={{ count: props.pageSize }} />
      </button>
    </nav>
  );
}
