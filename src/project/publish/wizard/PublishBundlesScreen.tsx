import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishBundlesScreenQuery } from "../../../__generated__/PublishBundlesScreenQuery.graphql";
import type { mutationsCreateCheckoutSessionMutation } from "../../../__generated__/mutationsCreateCheckoutSessionMutation.graphql";
import { DEFAULT_INTERVAL, DEFAULT_PLAN, YEARLY_DISCOUNT_PERCENT, type Interval } from "../../../domain/pay/plans";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { WizardStep } from "./WizardSteps";
import { BundleCard } from "./BundleCard";
import { createCheckoutSessionMutation } from "./mutations";
import { goToCheckout } from "./goToCheckout";
import "../publish.css";

const bundlesQuery = graphql`
  query PublishBundlesScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      viewerCanPublish
      checkoutDraft {
        id
        bundleType
        billingInterval
      }
    }
    productBundles {
      id
      type
      ...BundleCard_bundle
    }
  }
`;

/**
 * project-publish-bundles and api-setup-bundles, step 3 of 3: plan cards side by side, exactly
 * one selected (Pro unless a stored checkout that has not expired says otherwise, spec §4), a
 * monthly/yearly switch (yearly by default, with the 20% note). Subscribe starts the checkout;
 * without a complete billing address it goes to project-setup-billing first (spec §2).
 */
export default function PublishBundlesScreen(props: { queryRef: PreloadedQuery<PublishBundlesScreenQuery> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { api, productBundles } = usePreloadedQuery<PublishBundlesScreenQuery>(bundlesQuery, props.queryRef);
  const draft = api?.checkoutDraft ?? null;
  const [interval, setInterval] = useState<Interval>(draft?.billingInterval === "MONTH" ? "MONTH" : draft ? "YEAR" : DEFAULT_INTERVAL);
  const [plan, setPlan] = useState<string>(draft?.bundleType ?? DEFAULT_PLAN);
  const [error, setError] = useState<unknown>(null);
  const [subscribe, subscribing] = useMutate<mutationsCreateCheckoutSessionMutation>(createCheckoutSessionMutation);

  if (!api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { createCheckoutSession } = await subscribe({ input: { apiId: api.id, bundleType: plan as never, billingInterval: interval } });
      if (createCheckoutSession.sessionUrl) goToCheckout(createCheckoutSession.sessionUrl, intl.locale);
      else await navigate({ to: "/api-setup/$apiId/billing", params: { apiId: api.id } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card publish-card publish-card-wide" onSubmit={(event) => void onSubmit(event)} data-testid="publish-bundles">
      <WizardStep step={3} />
      <h1>
        <FormattedMessage id="publish.bundles.title" />
      </h1>
      <p>
        <FormattedMessage id="publish.bundles.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger" testId="publish-bundles-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <fieldset className="interval-switch" data-testid="interval-switch">
        <legend className="visually-hidden">
          <FormattedMessage id="publish.bundles.interval" />
        </legend>
        {(["MONTH", "YEAR"] as const).map((option) => (
          <label key={option} className="interval-option" data-selected={interval === option}>
            <input type="radio" name="interval" value={option} checked={interval === option} onChange={() => setInterval(option)} data-testid={`interval-${option}`} />
            <FormattedMessage id={option === "YEAR" ? "publish.bundles.yearly" : "publish.bundles.monthly"} />
          </label>
        ))}
        <span className="interval-note" data-testid="yearly-note">
          <FormattedMessage id="publish.bundles.yearlyNote" values={{ percent: YEARLY_DISCOUNT_PERCENT }} />
        </span>
      </fieldset>
      <fieldset className="bundle-cards">
        <legend className="visually-hidden">
          <FormattedMessage id="publish.bundles.title" />
        </legend>
        {productBundles.map((bundle) => (
          <BundleCard key={bundle.id} bundle={bundle} interval={interval} selected={bundle.type === plan} onChoose={() => setPlan(bundle.type)} />
        ))}
      </fieldset>
      <div className="publish-actions">
        <Button type="submit" variant="primary" busy={subscribing} disabled={!api.viewerCanPublish || productBundles.length === 0} data-testid="bundles-subscribe">
          <FormattedMessage id="publish.bundles.subscribe" />
        </Button>
        <Link to="/project-publish/$apiId/region" params={{ apiId: api.id }} className="btn btn-link" data-testid="wizard-back">
          <FormattedMessage id="publish.wizard.back" />
        </Link>
      </div>
    </form>
  );
}
