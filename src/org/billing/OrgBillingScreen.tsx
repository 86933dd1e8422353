import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import type { OrgBillingScreenQuery } from "../../__generated__/OrgBillingScreenQuery.graphql";
import { BillingForm } from "./BillingForm";
import { InvoiceTable } from "./InvoiceTable";
import "../org.css";

export const orgBillingQuery = graphql`
  query OrgBillingScreenQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      viewerCanManageOrg
      billingAccount {
        id
        ...BillingForm_billingAccount
        ...InvoiceTable_billingAccount
      }
    }
  }
`;

/** org-billing: the billing-address form, then the invoices. */
export default function OrgBillingScreen(props: { queryRef: PreloadedQuery<OrgBillingScreenQuery> }) {
  const { org } = usePreloadedQuery<OrgBillingScreenQuery>(orgBillingQuery, props.queryRef);
  if (!org) return null;
  return (
    <section className="org-page" data-testid="org-billing-screen">
      <h1>
        <FormattedMessage id="org.billing.title" />
      </h1>
      <BillingForm orgId={org.id} account={org.billingAccount} manage={org.viewerCanManageOrg} />
      {org.billingAccount ? (
        <InvoiceTable account={org.billingAccount} />
      ) : (
        <p className="empty-state" data-testid="invoices-empty">
          <FormattedMessage id="org.billing.invoices.empty" />
        </p>
      )}
    </section>
  );
}
