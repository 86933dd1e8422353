import { useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { InvoiceTable_billingAccount$key } from "../../__generated__/InvoiceTable_billingAccount.graphql";
import { formatAmount } from "../../domain/billing";
import { Pagination } from "../../ui/Pagination";
import { Alert } from "../../ui/Alert";
import { downloadInvoice } from "./downloadInvoice";

/** Page sizes of the invoice table; 5 is the default (spec §2, §9). */
export const INVOICE_PAGE_SIZES = [5, 20] as const;

/**
 * The billing account's invoices, headed by their count and the total paid, both from the
 * server. The table holds one page at a time: a page button or another page size fetches just
 * the page it shows (its offset), keeping the current page on screen until it arrives.
 */
export function InvoiceTable(props: { account: InvoiceTable_billingAccount$key }) {
  const intl = useIntl();
  const { data, refetch } = usePaginationFragment(
    graphql`
      fragment InvoiceTable_billingAccount on BillingAccount
      @refetchable(queryName: "InvoiceTablePaginationQuery")
      # first: INVOICE_PAGE_SIZES[0]; offset: where the shown page starts.
      @argumentDefinitions(first: { type: "Int", defaultValue: 5 }, after: { type: "String" }, offset: { type: "Int", defaultValue: 0 }) {
        # One connection whatever the page: each fetched page replaces the rows shown.
        invoices(first: $first, after: $after, offset: $offset) @connection(key: "InvoiceTable_invoices", filters: []) {
          totalCount
          totalPaid {
            currency
            amount
          }
          edges {
            node {
              id
              date
              currency
              amountPaid
              status
              invoicePdf
            }
          }
        }
      }
    `,
    props.account,
  );
  const [pageSize, setPageSize] = useState<number>(INVOICE_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [fetching, startFetching] = useTransition();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = (pdfPath: string, id: string) => {
    setDownloadFailed(false);
    downloadInvoice(pdfPath, `invoice-${id}.pdf`).catch(() => setDownloadFailed(true));
  };

  const show = (nextPage: number, size: number) =>
    startFetching(() => {
      setPage(nextPage);
      setPageSize(size);
      // The store keeps one page under the connection, so only the network can answer another.
      refetch({ first: size, offset: (nextPage - 1) * size }, { fetchPolicy: "network-only" });
    });

  const invoices = data.invoices.edges.map((edge) => edge.node);
  const count = data.invoices.totalCount;
  const pageCount = Math.max(Math.ceil(count / pageSize), 1);
  const totals = data.invoices.totalPaid.map(({ currency, amount }) => formatAmount(amount, currency, intl.locale));
  const totalLabel = totals.join(" + ") || formatAmount(0, "EUR", intl.locale);

  return (
    <section className="invoices" data-testid="invoice-table" aria-labelledby="invoices-title">
      <div className="table-toolbar">
        <h2 id="invoices-title">
          <FormattedMessage id="org.billing.invoices.title" values={{ count }} />
        </h2>
        <span className="table-count" data-testid="invoice-total">
          <FormattedMessage id="org.billing.invoices.total" values={{ total: totalLabel }} />
        </span>
      </div>
      {downloadFailed && (
        <Alert variant="danger" testId="invoice-download-error">
          <FormattedMessage id="org.billing.invoices.downloadFailed" />
        </Alert>
      )}
      {count === 0 ? (
        <p className="empty-state" data-testid="invoices-empty">
          <FormattedMessage id="org.billing.invoices.empty" />
        </p>
      ) : (
        <>
          <table className="data-table" aria-busy={fetching}>
            <thead>
              <tr>
                <th>
                  <FormattedMessage id="org.billing.invoices.date" />
                </th>
                <th>
                  <FormattedMessage id="org.billing.invoices.currency" />
                </th>
                <th className="cell-number">
                  <FormattedMessage id="org.billing.invoices.amountPaid" />
                </th>
                <th>
                  <FormattedMessage id="org.billing.invoices.status" />
                </th>
                <th className="cell-action">
                  <FormattedMessage id="org.billing.invoices.pdf" />
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td>
                    <FormattedDate value={invoice.date} dateStyle="medium" />
                  </td>
                  <td>{invoice.currency.toUpperCase()}</td>
                  <td className="cell-number">{formatAmount(invoice.amountPaid, invoice.currency, intl.locale)}</td>
                  <td>
                    <FormattedMessage id={`org.billing.invoices.status.${invoice.status}`} />
                  </td>
                  <td className="cell-action">
                    {invoice.invoicePdf && (
                      <button
                        type="button"
                        className="icon-link"
                        onClick={() => download(invoice.invoicePdf!, invoice.id)}
                        aria-label={intl.formatMessage({ id: "org.billing.invoices.download" })}
                        data-testid="invoice-download"
                      >
                        <DownloadIcon />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPage={(next) => show(next, pageSize)}
            pageSize={pageSize}
            pageSizes={INVOICE_PAGE_SIZES}
            onPageSize={(size) => show(1, size)}
            busy={fetching}
            testId="invoice-pagination"
          />
        </>
      )}
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" />
    </svg>
  );
}
