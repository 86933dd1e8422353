import { useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, Navigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishBillingScreenQuery } from "../../../__generated__/PublishBillingScreenQuery.graphql";
import type { mutationsUpdateCheckoutSessionMutation } from "../../../__generated__/mutationsUpdateCheckoutSessionMutation.graphql";
import { BillingForm } from "../../../org/billing/BillingForm";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { updateCheckoutSessionMutation } from "./mutations";
import { goToCheckout } from "./goToCheckout";
import "../publish.css";
import "../../../org/org.css";

const billingQuery = graphql`
  query PublishBillingScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      orgId
      checkoutDraft {
        id
      }
      org {
        id
        viewerCanManageOrg
        billingAccount {
          id
          ...BillingForm_billingAccount
        }
      }
    }
  }
`;

/**
 * project-setup-billing: the workspace's billing address (checked in spec §5's order by the
 * form and again by the server), then Continue to the checkout URL. With no saved checkout draft
 * it goes to api-setup-bundles (spec §2).
 */
export default function PublishBillingScreen(props: { queryRef: PreloadedQuery<PublishBillingScreenQuery> }) {
  const intl = useIntl();
  const { api } = usePreloadedQuery<PublishBillingScreenQuery>(billingQuery, props.queryRef);
  const [error, setError] = useState<unknown>(null);
  const [open, opening] = useMutate<mutationsUpdateCheckoutSessionMutation>(updateCheckoutSessionMutation);

  if (!api?.org) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  const draft = api.checkoutDraft;
  if (!draft) return <Navigate to="/api-setup/$apiId/bundles" params={{ apiId: api.id }} replace />;

  const onContinue = async () => {
    setError(null);
    try {
      const { updateCheckoutSession } = await open({ input: { id: draft.id } });
      if (updateCheckoutSession.sessionUrl) goToCheckout(updateCheckoutSession.sessionUrl, intl.locale);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="card publish-card" data-testid="publish-billing">
      <h1>
        <FormattedMessage id="publish.billing.title" />
      </h1>
      <p>
        <FormattedMessage id="publish.billing.subtitle" />
      </p>
      {/* Continue's refusal is about the address; once the address is saved it no longer holds. */}
      <BillingForm orgId={api.org.id} account={api.org.billingAccount} manage={api.org.viewerCanManageOrg} onSaved={() => setError(null)} />
      {error !== null && (
        <Alert variant="danger" testId="publish-billing-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <div className="publish-actions">
        <Button variant="primary" busy={opening} onClick={() => void onContinue()} data-testid="billing-continue">
          <FormattedMessage id="publish.billing.continue" />
        </Button>
        <Link to="/project-publish/$apiId/bundles" params={{ apiId: api.id }} className="btn btn-link" data-testid="wizard-back">
          <FormattedMessage id="publish.wizard.back" />
        </Link>
      </div>
    </section>
  );
}
