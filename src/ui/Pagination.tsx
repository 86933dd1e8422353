import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "./Pagination.css";

/**
 * A pagination bar under a table: previous / next, "Page x of y" and, when given, a choice of
 * rows per page.
 */
export function Pagination(props: {
  page: number;
  pageCount: number;
  onPage(page: number): void;
  pageSize?: number;
  pageSizes?: readonly number[];
  onPageSize?(size: number): void;
  busy?: boolean;
  testId?: string;
}) {
  const intl = useIntl();
  const sizeId = useId();
  const pageCount = Math.max(props.pageCount, 1);
  return (
    <nav className="pagination" aria-label={intl.formatMessage({ id: "common.pagination" })} data-testid={props.testId}>
      {props.pageSizes && props.onPageSize && (
        <span className="pagination-size">
          <label htmlFor={sizeId}>
            <FormattedMessage id="common.pagination.rowsPerPage" />
          </label>
          <select id={sizeId} value={props.pageSize} onChange={(event) => props.onPageSize?.(Number(event.target.value))}>
            {props.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      )}
      <button type="button" className="btn" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        <FormattedMessage id="common.pagination.previous" />
      </button>
      <span className="pagination-page" aria-live="polite">
        <FormattedMessage id="common.pagination.page" values={{ page: props.page, count: pageCount }} />
      </span>
      <button
        type="button"
        className="btn"
        disabled={props.page >= pageCount || props.busy}
        onClick={() => props.onPage(props.page + 1)}
      >
        <FormattedMessage id="common.pagination.next" />
      </button>
    </nav>
  );
}
